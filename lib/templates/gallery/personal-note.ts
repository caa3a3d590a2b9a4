import type { SystemTemplate } from "./index";
import { marketingFooter } from "./shared";

export const personalNote: SystemTemplate = {
  id: "tpl_system_personal_note",
  name: "Personal note",
  category: "General",
  subject: '{{ first_name | "Hi" }}, a quick note for you',
  description: "A plain, letter-style email that reads like it was written by a person.",
  theme: { brandColor: "#18181b", backgroundColor: "#fafafa" },
  samples: {
    "data.message":
      "I wanted to reach out personally to say thank you for being with us this year. Your feedback shaped half of what we shipped, and I'd love to hear what we should build next.",
    "data.sender_name": "Sam Rivera",
    "data.sender_title": "Founder",
  },
  blocks: [
    {
      type: "text",
      text: 'Hi {{ first_name | "there" }},\n\n{{ data.message | "I wanted to reach out personally to say thank you for being with us. Whether you joined last week or last year, you\'re the reason we get to do this work." }}',
    },
    {
      type: "text",
      text: "If there's anything on your mind, questions, ideas, even complaints, just hit reply. This comes straight to my inbox.",
    },
    {
      type: "text",
      text: 'Warmly,\n**{{ data.sender_name | "The team" }}**\n{{ data.sender_title }}',
    },
    ...marketingFooter("You're receiving this because you're a customer of ours."),
  ],
};
