"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { AppError, NotFoundError } from "@/lib/core/errors";
import { segmentMatches, type MatchingContact } from "@/lib/segments/contacts";
import { createSegment, deleteSegment, updateSegment } from "@/lib/segments/manage";
import { dashboardAction } from "../action";
import { clientObject, Id, OptionalId } from "../action-input";
import { failure, success, type FormState } from "../form-state";

export type SegmentDraft = { name: string; conditions: unknown };
export type SegmentMatches =
  { ok: true; count: number; contacts: MatchingContact[] } | { ok: false; message: string };

/** Each rule's field, operator and value, so a 422 detail lands on the control it names. */
function fieldsOf(draft: SegmentDraft): string[] {
  const rules = (draft.conditions as { rules?: unknown[] } | null)?.rules;
  const count = Array.isArray(rules) ? rules.length : 0;
  const ruleFields = Array.from({ length: count }, (_, i) =>
    ["field", "operator", "value"].map((part) => `conditions.rules.${i}.${part}`),
  ).flat();
  return ["name", "conditions.match", ...ruleFields, "conditions"];
}

function revalidateSegments(id?: string) {
  revalidatePath("/segments");
  if (id) revalidatePath(`/segments/${id}`);
}

/** Creates the segment the first time, then saves name and conditions (PATCH semantics). */
export const saveSegmentAction = dashboardAction(
  {
    args: [OptionalId, clientObject<SegmentDraft>("Nothing to save.")],
    fields: (_segmentId, draft) => fieldsOf(draft),
    // Gone only when it existed (a new segment has nothing to lose).
    onError: (error, segmentId) =>
      error instanceof NotFoundError && segmentId
        ? failure("This segment no longer exists. It may have been deleted in another tab.")
        : undefined,
  },
  async ({ ctx }, segmentId, draft): Promise<FormState<{ id: string }>> => {
    const segment = segmentId
      ? await updateSegment(ctx, segmentId, draft)
      : await createSegment(ctx, draft);
    revalidateSegments(segment.id);
    return success(segmentId ? "Segment saved" : "Segment created", { id: segment.id });
  },
);

export const deleteSegmentAction = dashboardAction(
  { args: [Id], notFound: "This segment was already deleted." },
  async ({ ctx }, segmentId) => {
    await deleteSegment(ctx, segmentId);
    revalidateSegments();
    return success("Segment deleted");
  },
);

/**
 * The builder's live count and preview of the unsaved conditions. A rule still being typed is
 * not an error worth a red box: the builder shows the message in place of the count.
 */
export const segmentMatchesAction = dashboardAction(
  {
    // The conditions as the builder holds them: segmentMatches parses them, and its 422 is the
    // message the builder shows.
    args: [z.unknown()],
    errors: (error): SegmentMatches => {
      if (!(error instanceof AppError)) throw error;
      return { ok: false, message: error.message };
    },
  },
  async ({ ctx }, conditions): Promise<SegmentMatches> => ({
    ok: true,
    ...(await segmentMatches(ctx, conditions)),
  }),
);
