import type { Block } from "../blocks";

/** Logo slot: renders only when the sender passes `data.logo_url`. */
export const logo: Block = {
  type: "image",
  src: "{{data.logo_url}}",
  alt: '{{data.company | "Logo"}}',
  width: 120,
  align: "left",
};

/** Divider plus small print saying why the recipient got the email. */
export function footer(reason: string, align: "left" | "center" = "left"): Block[] {
  return [{ type: "divider" }, { type: "text", size: "small", text: reason, align }];
}
