import type { SystemTemplate } from "./index";
import { logo, marketingFooter } from "./shared";

export const welcome: SystemTemplate = {
  id: "tpl_system_welcome",
  name: "Welcome",
  category: "Onboarding",
  subject: 'Welcome aboard, {{ first_name | "friend" }}!',
  description: "Greets a new sign-up and points them at three first steps.",
  theme: { brandColor: "#4f46e5", backgroundColor: "#eef2ff" },
  samples: {},
  blocks: [
    logo,
    { type: "spacer", height: 8 },
    { type: "heading", level: 1, text: 'Welcome aboard, {{ first_name | "friend" }} 👋' },
    {
      type: "text",
      text: "Thanks for signing up. Your account is ready, and we're glad you're here.\nMost people get value in their first ten minutes by doing three things:",
    },
    {
      type: "columns",
      columns: [
        {
          blocks: [
            { type: "heading", level: 3, text: "1. Set up your profile" },
            {
              type: "text",
              size: "small",
              text: "Add your name and photo so your team knows who's who.",
            },
          ],
        },
        {
          blocks: [
            { type: "heading", level: 3, text: "2. Invite your team" },
            {
              type: "text",
              size: "small",
              text: "Work is better together. Bring in a colleague or two.",
            },
          ],
        },
        {
          blocks: [
            { type: "heading", level: 3, text: "3. Start your first project" },
            {
              type: "text",
              size: "small",
              text: "Pick a template or start from scratch. Either way works.",
            },
          ],
        },
      ],
    },
    {
      type: "button",
      label: "Go to your dashboard",
      href: '{{ data.dashboard_url | "https://example.com" }}',
    },
    {
      type: "text",
      text: "Questions? Just reply to this email. A real person reads every message.\n\nCheers,\n**The {{ project_name }} team**",
    },
    ...marketingFooter("You're receiving this email because you created an account with us."),
  ],
};
