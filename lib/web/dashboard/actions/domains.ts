"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { addDomain } from "@/lib/domains/create";
import { deleteDomain } from "@/lib/domains/delete";
import { serializeDomain, type DomainResource } from "@/lib/domains/serialize";
import { updateDomain, UpdateDomainInput } from "@/lib/domains/update";
import { markDomainVerified } from "@/lib/domains/mark-verified";
import { verifyDomain } from "@/lib/domains/verify";
import { domainWarmupStatus, setDomainWarmup, type DomainWarmupStatus } from "@/lib/domains/warmup";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { dashboardAction } from "../action";
import { formFields, Id, PreviousState, text } from "../action-input";
import { failure, success, type FormState } from "../form-state";

const GONE = "This domain no longer exists.";

export const addDomainAction = dashboardAction(
  {
    permission: "domains.manage",
    args: [PreviousState, formFields({ name: text })],
    fields: ["name"],
    // A 409 has no field details: show it under the name.
    onError: (error) =>
      error instanceof ConflictError ? failure(error.message, { name: error.message }) : undefined,
  },
  async ({ ctx }, _previous, form): Promise<FormState<{ id: string }>> => {
    const name = form.name.trim();
    if (!name) return failure("Enter a domain name.", { name: "Enter a domain name." });
    const domain = await addDomain(ctx, { name });
    revalidatePath("/settings/domains");
    return success("Domain added", { id: domain.id });
  },
);

export type DomainCheck = DomainResource & {
  /** The domain failed the check but stays verified (manual, or kept until the admin agrees). */
  kept_verified: boolean;
};

const VerifyOptions = z.object({ demote: z.boolean().optional() }).optional();

/**
 * Runs the DNS check. The answer carries every record's status, which only this call knows
 * (the stored row keeps the DKIM outcome alone), so the page can show SPF and DMARC results.
 * A verified domain is never demoted from here without consent: `demote` is only sent by the
 * confirm dialog that says what failed.
 */
export const verifyDomainAction = dashboardAction(
  { permission: "domains.manage", args: [Id, VerifyOptions], notFound: GONE },
  async ({ ctx }, domainId, options = {}): Promise<FormState<DomainCheck>> => {
    const { domain, statuses, keptVerified } = await verifyDomain(ctx, domainId, {
      onFailure: options.demote === true ? "demote" : "keep",
    });
    revalidatePath("/settings/domains");
    revalidatePath(`/settings/domains/${domainId}`);
    revalidatePath("/overview");
    const resource = serializeDomain(domain, ctx.config, statuses);
    return success(domain.status === "verified" ? "Domain verified" : "DNS checked", {
      ...resource,
      kept_verified: keptVerified,
    });
  },
);

/** "Mark as verified": the admin vouches for the domain (after the dialog's warning). */
export const markDomainVerifiedAction = dashboardAction(
  { permission: "domains.manage", args: [Id], notFound: GONE },
  async ({ ctx, user }, domainId) => {
    await markDomainVerified(ctx, domainId, { by: user.email });
    revalidatePath("/settings/domains");
    revalidatePath(`/settings/domains/${domainId}`);
    revalidatePath("/overview");
    return success("Domain marked as verified");
  },
);

/** One tracking switch of Settings → Domains (DECISIONS §8); saved as soon as it is flipped. */
export const setDomainTrackingAction = dashboardAction(
  { permission: "domains.manage", args: [Id, UpdateDomainInput], notFound: GONE },
  async ({ ctx }, domainId, settings): Promise<FormState<DomainResource>> => {
    const domain = await updateDomain(ctx, domainId, settings);
    revalidatePath("/settings/domains");
    revalidatePath(`/settings/domains/${domainId}`);
    return success("Tracking updated", serializeDomain(domain, ctx.config));
  },
);

/**
 * The receiving switch of Settings → Domains (DECISIONS §16): refusals (not verified, another
 * project receives at the name) come back as the form's error.
 */
export const setDomainReceivingAction = dashboardAction(
  { permission: "domains.manage", args: [Id, UpdateDomainInput], notFound: GONE },
  async ({ ctx }, domainId, settings): Promise<FormState<DomainResource>> => {
    const domain = await updateDomain(ctx, domainId, { receiving: settings.receiving });
    revalidatePath("/settings/domains");
    revalidatePath(`/settings/domains/${domainId}`);
    revalidatePath("/received");
    return success(
      domain.receiving ? "Receiving on" : "Receiving off",
      serializeDomain(domain, ctx.config),
    );
  },
);

export const setDomainWarmupAction = dashboardAction(
  { permission: "domains.manage", args: [Id, z.object({ warmup: z.boolean() })], notFound: GONE },
  async ({ ctx }, domainId, { warmup }): Promise<FormState<DomainWarmupStatus>> => {
    const domain = await setDomainWarmup(ctx, domainId, warmup);
    revalidatePath(`/settings/domains/${domainId}`);
    return success(warmup ? "Warm-up on" : "Warm-up off", await domainWarmupStatus(ctx, domain));
  },
);

export const deleteDomainAction = dashboardAction(
  {
    permission: "domains.manage",
    args: [Id],
    onError: (error) => {
      if (!(error instanceof NotFoundError)) return undefined;
      revalidatePath("/settings/domains");
      return failure("This domain was already deleted.");
    },
  },
  async ({ ctx }, domainId) => {
    await deleteDomain(ctx, domainId);
    revalidatePath("/settings/domains");
    return success("Domain deleted");
  },
);
