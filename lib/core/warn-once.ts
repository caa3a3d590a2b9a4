/**
 * Advice about how the process was started (a missing front door, say) that a request notices:
 * worth one line per runtime, not one per request.
 */
export type WarnOnce = (message: string) => void;

export function warnOnce(): WarnOnce {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    console.warn(message);
  };
}
