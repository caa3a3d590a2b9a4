import type { SystemTemplate } from "./index";
import { logo, marketingFooter } from "./shared";

export const eventInvitation: SystemTemplate = {
  id: "tpl_system_event_invitation",
  name: "Event invitation",
  category: "Announcement",
  subject: 'You\'re invited: {{ data.event_name | "our next event" }}',
  description:
    "Invites contacts to an event or webinar with the when, the where and an RSVP button.",
  theme: { brandColor: "#1d4ed8", backgroundColor: "#eff6ff" },
  samples: {
    "data.event_name": "Acme Live: what's next",
    "data.event_description":
      "An hour of live demos, honest answers and a first look at what we're building next.",
    "data.image_alt": "Acme Live banner",
    "data.date": "Thursday, June 18",
    "data.time": "5:00 PM CEST",
    "data.location": "Online (link in your calendar invite)",
  },
  blocks: [
    logo,
    { type: "text", size: "small", color: "#1d4ed8", text: "**YOU'RE INVITED**" },
    { type: "heading", level: 1, text: '{{ data.event_name | "Join us live" }}' },
    {
      type: "text",
      text: 'Hi {{ first_name | "there" }}, we\'d love for you to join us. {{ data.event_description | "An hour of live demos, honest answers and a look at what we\'re building next." }}',
    },
    {
      type: "image",
      src: "{{ data.image_url }}",
      alt: '{{ data.image_alt | "Event banner" }}',
      href: '{{ data.rsvp_url | "https://example.com" }}',
    },
    {
      type: "columns",
      columns: [
        {
          blocks: [
            { type: "text", size: "small", text: "**WHEN**" },
            { type: "text", text: '{{ data.date | "Date to be announced" }}\n{{ data.time }}' },
          ],
        },
        {
          blocks: [
            { type: "text", size: "small", text: "**WHERE**" },
            { type: "text", text: '{{ data.location | "Online" }}' },
          ],
        },
      ],
    },
    { type: "button", label: "Save my seat", href: '{{ data.rsvp_url | "https://example.com" }}' },
    {
      type: "text",
      text: "Seats are limited, so RSVP early. Can't make it live? Register anyway and we'll send you the recording.",
    },
    ...marketingFooter("You're receiving this invitation because you're on our events list."),
  ],
};
