import type { DeliveryOutcome, OutgoingMessage, Transport } from "./types";

/**
 * A project's relays in priority order (DECISIONS §12): a relay that cannot take the message for
 * a reason of its own — unreachable, a 4xx, a refusal that is not about the recipient (login,
 * MAIL FROM) — passes it to the next. A recipient's bounce or a delivery ends the attempt: the
 * next relay would get the same answer and the recipient a duplicate. The last relay's answer
 * stands when every relay declined.
 */
export function failoverTransport(relays: Transport[]): Transport {
  if (relays.length === 1) return relays[0]!;
  return {
    // Our DKIM signature is required as soon as one relay is SMTP (Resend signs its own mail).
    name: relays.some((r) => r.name === "smtp") ? "smtp" : relays[0]!.name,
    async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
      let outcome: DeliveryOutcome = { kind: "deferred", response: "No relay configured." };
      for (const relay of relays) {
        outcome = await relay.send(message);
        if (outcome.kind !== "deferred" && outcome.kind !== "failed") return outcome;
      }
      return outcome;
    },
    async close() {
      await Promise.all(relays.map((r) => r.close()));
    },
  };
}
