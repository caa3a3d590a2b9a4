import type { Block } from "../blocks";

/** Logo slot: renders only when the sender passes `data.logo_url`. */
export const logo: Block = {
  type: "image",
  src: "{{ data.logo_url }}",
  alt: '{{ project_name | "Logo" }}',
  width: 120,
  align: "left",
};

/** Divider plus small print saying why the recipient got a transactional email. */
export function footer(reason: string, align: "left" | "center" = "left"): Block[] {
  return [{ type: "divider" }, { type: "text", size: "small", text: reason, align }];
}

/**
 * Footer of marketing email (campaigns, automations; DECISIONS §8): why the recipient got it, the
 * unsubscribe link and the project's postal address. The pipeline fills `unsubscribe_url` and
 * `postal_address`. The address follows a line break in the same paragraph, so an empty one
 * leaves only a trailing <br>, which browsers and mail clients do not draw as a line.
 */
export function marketingFooter(reason: string, align: "left" | "center" = "left"): Block[] {
  return [
    { type: "divider" },
    {
      type: "text",
      size: "small",
      align,
      text: `${reason} [Unsubscribe]({{ unsubscribe_url }})\n{{ postal_address }}`,
    },
  ];
}
