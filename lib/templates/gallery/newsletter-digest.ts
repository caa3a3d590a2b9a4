import type { Block } from "../blocks";
import type { SystemTemplate } from "./index";
import { logo, marketingFooter } from "./shared";

type Story = { kicker: string; title: string; summary: string };

// Each story reads data.storyN_title / _summary / _url and falls back to sample copy.
function story(n: number, { kicker, title, summary }: Story): Block[] {
  return [
    { type: "text", size: "small", color: "#0d9488", text: `**${kicker}**` },
    { type: "heading", level: 2, text: `{{ data.story${n}_title | "${title}" }}` },
    { type: "text", text: `{{ data.story${n}_summary | "${summary}" }}` },
    { type: "text", text: `[Read more →]({{ data.story${n}_url | "https://example.com" }})` },
  ];
}

const STORIES: Story[] = [
  {
    kicker: "PRODUCT",
    title: "What we shipped",
    summary:
      "A rebuilt editor that autosaves, a faster dashboard, and 40 small fixes you asked for.",
  },
  {
    kicker: "FROM THE BLOG",
    title: "How we halved our build times",
    summary:
      "The three changes that took our CI from twenty minutes to nine, and the one that didn't work.",
  },
  {
    kicker: "COMMUNITY",
    title: "Meet this month's featured customer",
    summary:
      "A five-person team that replaced four tools with one, and what they learned on the way.",
  },
];

export const newsletterDigest: SystemTemplate = {
  id: "tpl_system_newsletter_digest",
  name: "Newsletter digest",
  category: "Newsletter",
  subject: '{{ data.issue_title | "This month" }}: what we shipped, read and learned',
  description: "A monthly digest with a hero image, three stories and a closing note.",
  theme: { brandColor: "#0d9488", backgroundColor: "#f0fdfa" },
  samples: {
    "data.issue_title": "June in review",
    "data.issue_label": "Monthly digest · Issue 14",
    "data.hero_image_alt": "June's highlights",
    // The stories' fallback copy reads as a real issue: previews show it as written.
    ...Object.fromEntries(
      STORIES.flatMap((s, i) => [
        [`data.story${i + 1}_title`, s.title],
        [`data.story${i + 1}_summary`, s.summary],
      ]),
    ),
  },
  blocks: [
    logo,
    { type: "text", size: "small", text: '{{ data.issue_label | "Monthly digest" }}' },
    { type: "heading", level: 1, text: '{{ data.issue_title | "This month in review" }}' },
    {
      type: "text",
      text: 'Hi {{ first_name | "there" }}, here are the three things worth your time this month. Five minutes, tops.',
    },
    {
      type: "image",
      src: "{{ data.hero_image_url }}",
      alt: '{{ data.hero_image_alt | "This month\'s highlights" }}',
    },
    ...story(1, STORIES[0]!),
    { type: "divider" },
    ...story(2, STORIES[1]!),
    { type: "divider" },
    ...story(3, STORIES[2]!),
    { type: "spacer", height: 8 },
    {
      type: "text",
      text: "Got something you'd like us to cover next time? Hit reply. We read everything.",
    },
    ...marketingFooter("You're receiving this because you subscribed to our newsletter."),
  ],
};
