import type { SystemTemplate } from "./index";
import { logo, marketingFooter } from "./shared";

export const weMissYou: SystemTemplate = {
  id: "tpl_system_we_miss_you",
  name: "We miss you",
  category: "Re-engagement",
  subject: 'It\'s been a while, {{ first_name | "friend" }}',
  description: "Wins back inactive contacts with what changed since their last visit.",
  theme: { brandColor: "#ea580c", backgroundColor: "#fff7ed" },
  samples: {
    "data.update1": "A faster, cleaner dashboard",
    "data.update2": "Smarter notifications that only ping you when it matters",
    "data.update3": "Dozens of small fixes you asked for",
    "data.offer": "a free month of Pro",
    "data.offer_ends": "June 30",
  },
  blocks: [
    logo,
    { type: "spacer", height: 8 },
    { type: "heading", level: 1, text: 'We miss you, {{ first_name | "friend" }}' },
    {
      type: "text",
      text: "It's been a little while since we last saw you, and a lot has changed. Here's what you've missed:",
    },
    {
      type: "text",
      text: '• {{ data.update1 | "A faster, cleaner dashboard" }}\n• {{ data.update2 | "Smarter notifications that only ping you when it matters" }}\n• {{ data.update3 | "Dozens of small fixes you asked for" }}',
    },
    {
      type: "text",
      text: 'Come take a look. As a welcome back, here\'s **{{ data.offer | "a free month on us" }}** when you return before {{ data.offer_ends | "the end of the month" }}.',
    },
    {
      type: "button",
      label: "Pick up where you left off",
      href: '{{ data.app_url | "https://example.com" }}',
    },
    {
      type: "text",
      text: "Not the right time? No hard feelings. If there's something we could do better, reply and tell us. We'd genuinely like to know.",
    },
    ...marketingFooter("You're receiving this because you have an account with us."),
  ],
};
