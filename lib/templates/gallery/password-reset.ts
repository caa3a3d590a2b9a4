import type { SystemTemplate } from "./index";
import { footer, logo } from "./shared";

export const passwordReset: SystemTemplate = {
  id: "tpl_system_password_reset",
  name: "Password reset",
  category: "Transactional",
  subject: "Reset your password",
  description: "A time-limited reset link with a clear note for unexpected requests.",
  theme: { brandColor: "#111827", backgroundColor: "#f3f4f6" },
  samples: {
    "data.reset_url": "https://example.com/reset?token=b72e19d4",
    "data.expires_in": "1 hour",
  },
  blocks: [
    logo,
    { type: "spacer", height: 8 },
    { type: "heading", level: 1, text: "Reset your password" },
    {
      type: "text",
      text: 'Hi {{ first_name | "there" }}, we received a request to reset the password for the account tied to **{{ email | "this address" }}**. Choose a new password with the button below.',
    },
    // A single-use link: sent as written, never through the click-tracking redirect.
    { type: "button", label: "Choose a new password", href: "{{ data.reset_url }}", track: false },
    {
      type: "text",
      size: "small",
      text: 'For your security this link expires in {{ data.expires_in | "1 hour" }} and works once. Button not working? Paste this address into your browser:\n{{ data.reset_url }}',
    },
    ...footer(
      "Didn't ask for a reset? You can ignore this email: your password stays the same. If you keep getting these, reply and let us know.",
    ),
  ],
};
