/**
 * Opens and clicks say whether a machine made them (DECISIONS §14, docs/engagement.md): the
 * event's `data.machine`, set by the tracking routes (lib/tracking/classify.ts). One without it
 * (recorded before, or reported by a provider that does not say) is a person's.
 */
export function isEngagement(type: string): type is "opened" | "clicked" {
  return type === "opened" || type === "clicked";
}

/** Whether an event is a person's open or click: what the `human_*` counters count. */
export function isHumanEngagement(type: string, data: Record<string, unknown> | undefined) {
  return isEngagement(type) && data?.machine !== true;
}
