"use server";

import { revalidatePath } from "next/cache";
import { AppError, NotFoundError } from "@/lib/core/errors";
import { createSegment, deleteSegment, updateSegment } from "@/lib/segments/manage";
import { requireDashboard } from "../context";
import { failure, success, toFormState, type FormState } from "../form-state";
import { segmentMatches, type MatchingContact } from "../segment-matches";

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
export async function saveSegmentAction(
  segmentId: string | null,
  draft: SegmentDraft,
): Promise<FormState<{ id: string }>> {
  const { ctx } = await requireDashboard();
  if (!draft || typeof draft !== "object") return failure("Nothing to save.");
  try {
    const segment = segmentId
      ? await updateSegment(ctx, segmentId, draft)
      : await createSegment(ctx, draft);
    revalidateSegments(segment.id);
    return success(segmentId ? "Segment saved" : "Segment created", { id: segment.id });
  } catch (error) {
    if (error instanceof NotFoundError && segmentId) {
      return failure("This segment no longer exists. It may have been deleted in another tab.");
    }
    return toFormState(error, fieldsOf(draft));
  }
}

export async function deleteSegmentAction(segmentId: string): Promise<FormState> {
  const { ctx } = await requireDashboard();
  try {
    await deleteSegment(ctx, segmentId);
  } catch (error) {
    if (error instanceof NotFoundError) return failure("This segment was already deleted.");
    return toFormState(error, []);
  }
  revalidateSegments();
  return success("Segment deleted");
}

/**
 * The builder's live count and preview of the unsaved conditions. A rule still being typed is
 * not an error worth a red box: the builder shows the message in place of the count.
 */
export async function segmentMatchesAction(conditions: unknown): Promise<SegmentMatches> {
  const { ctx } = await requireDashboard();
  try {
    return { ok: true, ...(await segmentMatches(ctx, conditions)) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, message: error.message };
  }
}
