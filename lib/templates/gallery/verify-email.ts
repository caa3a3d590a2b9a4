import type { SystemTemplate } from "./index";
import { footer, logo } from "./shared";

export const verifyEmail: SystemTemplate = {
  id: "tpl_system_verify_email",
  name: "Verify email address",
  category: "Transactional",
  subject: "Confirm your email address",
  description: "Double opt-in: one button that confirms the address.",
  theme: { brandColor: "#0f172a", backgroundColor: "#f1f5f9" },
  samples: {
    "data.verify_url": "https://example.com/verify?token=3f9c2e7a",
    "data.expires_in": "24 hours",
  },
  blocks: [
    logo,
    { type: "spacer", height: 8 },
    { type: "heading", level: 1, text: "Confirm your email address" },
    {
      type: "text",
      text: 'Hi {{ first_name | "there" }}, please confirm that **{{ email | "this" }}** is your email address. It takes one click, and it makes sure our emails reach you and nobody else.',
    },
    // A single-use link: sent as written, never through the click-tracking redirect.
    { type: "button", label: "Confirm email address", href: "{{ data.verify_url }}", track: false },
    {
      type: "text",
      text: 'This link expires in {{ data.expires_in | "24 hours" }}. If the button does not work, copy this address into your browser:\n{{ data.verify_url }}',
      size: "small",
    },
    ...footer("Didn't sign up with us? You can safely ignore this email; nothing will change."),
  ],
};
