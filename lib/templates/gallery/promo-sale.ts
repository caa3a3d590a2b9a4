import type { SystemTemplate } from "./index";
import { logo, marketingFooter } from "./shared";

export const promoSale: SystemTemplate = {
  id: "tpl_system_promo_sale",
  name: "Limited-time sale",
  category: "Promotional",
  subject: '{{ data.discount | "25%" }} off, this week only',
  description: "A bold sale announcement with a discount code and an end date.",
  theme: { brandColor: "#e11d48", backgroundColor: "#fff1f2" },
  samples: {
    "data.discount": "25%",
    "data.image_alt": "Our summer sale",
    "data.code": "SUMMER25",
    "data.ends_at": "Sunday, June 21 at midnight",
  },
  blocks: [
    logo,
    {
      type: "text",
      size: "small",
      align: "center",
      color: "#e11d48",
      text: "**LIMITED-TIME OFFER**",
    },
    {
      type: "heading",
      level: 1,
      align: "center",
      text: '{{ data.discount | "25%" }} off everything',
    },
    {
      type: "text",
      align: "center",
      size: "large",
      text: 'Hi {{ first_name | "there" }}, our biggest sale of the season is on. Stock up, upgrade, or finally get the thing you\'ve been eyeing.',
    },
    {
      type: "image",
      src: "{{ data.image_url }}",
      alt: '{{ data.image_alt | "Our seasonal sale" }}',
      href: '{{ data.shop_url | "https://example.com" }}',
    },
    { type: "text", align: "center", size: "small", text: "Use this code at checkout" },
    {
      type: "heading",
      level: 2,
      align: "center",
      color: "#e11d48",
      text: '{{ data.code | "SAVE25" }}',
    },
    {
      type: "button",
      align: "center",
      label: "Shop the sale",
      href: '{{ data.shop_url | "https://example.com" }}',
    },
    {
      type: "text",
      align: "center",
      size: "small",
      text: 'Offer ends {{ data.ends_at | "Sunday at midnight" }}. One use per customer; cannot be combined with other offers.',
    },
    ...marketingFooter(
      "You're receiving this because you opted in to offers and news from us.",
      "center",
    ),
  ],
};
