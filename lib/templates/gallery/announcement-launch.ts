import type { SystemTemplate } from "./index";
import { logo, marketingFooter } from "./shared";

export const announcementLaunch: SystemTemplate = {
  id: "tpl_system_product_launch",
  name: "Product launch",
  category: "Announcement",
  subject: 'Introducing {{ data.product | "something new" }}',
  description: "Announces a new product or feature with three highlights and a call to action.",
  theme: { brandColor: "#7c3aed", backgroundColor: "#f5f3ff" },
  samples: {
    "data.product": "Acme Boards",
    "data.tagline":
      "Plan, track and ship your team's work on one board, now available to everyone.",
    "data.image_alt": "A first look at Acme Boards",
    "data.feature1_title": "Faster",
    "data.feature1_text": "Boards with thousands of cards open in under a second.",
    "data.feature2_title": "Simpler",
    "data.feature2_text": "Drag a card to move it; type to add one. That's it.",
    "data.feature3_title": "Smarter",
    "data.feature3_text": "Due dates and owners suggested from how your team works.",
    "data.cta_label": "Try Acme Boards",
  },
  blocks: [
    logo,
    { type: "text", size: "small", color: "#7c3aed", text: "**NEW**", align: "center" },
    {
      type: "heading",
      level: 1,
      align: "center",
      text: 'Meet {{ data.product | "our newest release" }}',
    },
    {
      type: "text",
      align: "center",
      size: "large",
      text: '{{ data.tagline | "The fastest way to get your work done, now available to everyone." }}',
    },
    {
      type: "image",
      src: "{{ data.image_url }}",
      alt: '{{ data.image_alt | "A first look at what we just launched" }}',
      href: '{{ data.cta_url | "https://example.com" }}',
    },
    {
      type: "columns",
      columns: [
        {
          blocks: [
            {
              type: "heading",
              level: 3,
              align: "center",
              text: '{{ data.feature1_title | "Faster" }}',
            },
            {
              type: "text",
              size: "small",
              align: "center",
              text: '{{ data.feature1_text | "Everything loads in a blink, even on your biggest projects." }}',
            },
          ],
        },
        {
          blocks: [
            {
              type: "heading",
              level: 3,
              align: "center",
              text: '{{ data.feature2_title | "Simpler" }}',
            },
            {
              type: "text",
              size: "small",
              align: "center",
              text: '{{ data.feature2_text | "Fewer clicks for the things you do every day." }}',
            },
          ],
        },
        {
          blocks: [
            {
              type: "heading",
              level: 3,
              align: "center",
              text: '{{ data.feature3_title | "Smarter" }}',
            },
            {
              type: "text",
              size: "small",
              align: "center",
              text: '{{ data.feature3_text | "Suggestions that learn from how your team works." }}',
            },
          ],
        },
      ],
    },
    {
      type: "button",
      align: "center",
      label: '{{ data.cta_label | "Try it now" }}',
      href: '{{ data.cta_url | "https://example.com" }}',
    },
    {
      type: "text",
      align: "center",
      text: "It's available today. We can't wait to hear what you think.",
    },
    ...marketingFooter(
      "You're receiving this because you're a customer or signed up for product updates.",
      "center",
    ),
  ],
};
