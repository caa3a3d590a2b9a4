"use server";

import { revalidatePath } from "next/cache";
import { addDomain } from "@/lib/domains/create";
import { deleteDomain } from "@/lib/domains/delete";
import { serializeDomain, type DomainResource } from "@/lib/domains/serialize";
import { updateDomain, type UpdateDomainInput } from "@/lib/domains/update";
import { markDomainVerified } from "@/lib/domains/mark-verified";
import { verifyDomain } from "@/lib/domains/verify";
import { ConflictError, NotFoundError } from "@/lib/core/errors";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";

export async function addDomainAction(
  _previous: FormState<{ id: string }>,
  form: FormData,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  const name = String(form.get("name") ?? "").trim();
  if (!name) return failure("Enter a domain name.", { name: "Enter a domain name." });
  try {
    const domain = await addDomain(ctx, { name });
    revalidatePath("/settings/domains");
    return success("Domain added", { id: domain.id });
  } catch (error) {
    // A 409 has no field details: show it under the name.
    if (error instanceof ConflictError) {
      return failure(error.message, { name: error.message });
    }
    return toFormState(error, ["name"]);
  }
}

export type DomainCheck = DomainResource & {
  /** The domain failed the check but stays verified (manual, or kept until the admin agrees). */
  kept_verified: boolean;
};

/**
 * Runs the DNS check. The answer carries every record's status, which only this call knows
 * (the stored row keeps the DKIM outcome alone), so the page can show SPF and DMARC results.
 * A verified domain is never demoted from here without consent: `demote` is only sent by the
 * confirm dialog that says what failed.
 */
export async function verifyDomainAction(
  domainId: string,
  options: { demote?: boolean } = {},
): Promise<FormState<DomainCheck>> {
  const { ctx } = await requireDashboard();
  try {
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
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This domain no longer exists.");
    return toFormState(error, []);
  }
}

/** "Mark as verified": the admin vouches for the domain (after the dialog's warning). */
export async function markDomainVerifiedAction(domainId: string): Promise<FormState> {
  const { ctx, user } = await requireDashboard();
  try {
    await markDomainVerified(ctx, domainId, { by: user.email });
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This domain no longer exists.");
    return toFormState(error, []);
  }
  revalidatePath("/settings/domains");
  revalidatePath(`/settings/domains/${domainId}`);
  revalidatePath("/overview");
  return success("Domain marked as verified");
}

/** One tracking switch of Settings → Domains (DECISIONS §8); saved as soon as it is flipped. */
export async function setDomainTrackingAction(
  domainId: string,
  settings: UpdateDomainInput,
): Promise<FormState<DomainResource>> {
  const { ctx } = await requireDashboard();
  try {
    const domain = await updateDomain(ctx, domainId, settings);
    revalidatePath("/settings/domains");
    revalidatePath(`/settings/domains/${domainId}`);
    return success("Tracking updated", serializeDomain(domain, ctx.config));
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This domain no longer exists.");
    return toFormState(error, []);
  }
}

export async function deleteDomainAction(domainId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteDomain(ctx, domainId);
  } catch (error) {
    if (error instanceof NotFoundError) {
      revalidatePath("/settings/domains");
      return failure("This domain was already deleted.");
    }
    return toFormState(error, []);
  }
  revalidatePath("/settings/domains");
  return success("Domain deleted");
}
