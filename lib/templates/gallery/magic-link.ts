import type { SystemTemplate } from "./index";
import { footer, logo } from "./shared";

export const magicLink: SystemTemplate = {
  id: "tpl_system_magic_link",
  name: "Magic sign-in link",
  category: "Transactional",
  subject: "Your sign-in link",
  description: "Passwordless sign-in with a one-click link and a fallback code.",
  theme: { brandColor: "#2563eb", backgroundColor: "#f8fafc" },
  samples: {
    "data.login_url": "https://example.com/sign-in?token=8d41b0c2",
    "data.code": "482 913",
    "data.expires_in": "15 minutes",
    "data.location": "Lisbon, Portugal (Firefox on macOS)",
  },
  blocks: [
    logo,
    { type: "spacer", height: 8 },
    { type: "heading", level: 1, text: "Sign in with one click" },
    {
      type: "text",
      text: "Click the button below to sign in. No password needed: the link signs you in on the device you open it on.",
    },
    // A single-use link: sent as written, never through the click-tracking redirect.
    { type: "button", label: "Sign in", href: "{{ data.login_url }}", track: false },
    {
      type: "text",
      text: 'Or enter this code on the sign-in page: **{{ data.code | "see the link above" }}**',
    },
    {
      type: "text",
      size: "small",
      text: 'The link and code expire in {{ data.expires_in | "15 minutes" }} and can be used once. Sign-in requested from: {{ data.location | "an unknown location" }}.',
    },
    ...footer("If you didn't try to sign in, ignore this email. Your account is still safe."),
  ],
};
