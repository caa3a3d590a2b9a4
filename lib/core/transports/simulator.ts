import type { DeliveryOutcome, OutgoingMessage, Transport } from "./types";

/**
 * Test-key sends never reach a provider (DECISIONS §2): `bounce` / `bounce+x` local parts
 * hard-bounce, `complaint` is delivered then complained, anything else is delivered.
 */
export function simulateDelivery(to: string): "delivered" | "bounced" | "complained" {
  const local = to.slice(0, to.lastIndexOf("@")).toLowerCase();
  const base = local.split("+")[0];
  if (base === "bounce") return "bounced";
  if (base === "complaint") return "complained";
  return "delivered";
}

export const simulatorTransport: Transport = {
  name: "simulator",
  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    const outcome = simulateDelivery(message.to);
    if (outcome === "bounced") {
      return { kind: "bounced", code: 550, response: "550 5.1.1 Simulated hard bounce (test key)" };
    }
    if (outcome === "complained")
      return { kind: "complained", providerMessageId: message.messageId };
    return {
      kind: "delivered",
      providerMessageId: message.messageId,
      response: "250 Simulated delivery (test key)",
    };
  },
  async close() {},
};
