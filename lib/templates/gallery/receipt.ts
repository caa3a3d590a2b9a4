import type { Block } from "../blocks";
import type { SystemTemplate } from "./index";
import { footer, logo } from "./shared";

// One line of the summary table: label left, amount right, side by side even on a phone.
function line(label: string, amount: string): Block {
  return {
    type: "columns",
    stack: false,
    columns: [
      { width: 65, blocks: [{ type: "text", text: label }] },
      { width: 35, blocks: [{ type: "text", text: amount, align: "right" }] },
    ],
  };
}

export const receipt: SystemTemplate = {
  id: "tpl_system_receipt",
  name: "Payment receipt",
  category: "Transactional",
  subject: "Your payment receipt",
  description: "Order summary with line, tax and total, plus a link to the invoice.",
  theme: { brandColor: "#059669", backgroundColor: "#f0fdf4" },
  samples: {
    "data.order_number": "#10428",
    "data.item": "Pro plan, monthly",
    "data.subtotal": "$49.00",
    "data.tax": "$4.41",
    "data.total": "$53.41",
    "data.date": "June 12, 2026",
    "data.payment_method": "Visa ending in 4242",
  },
  blocks: [
    logo,
    { type: "spacer", height: 8 },
    { type: "heading", level: 1, text: "Thanks for your payment" },
    {
      type: "text",
      text: 'Hi {{ first_name | "there" }}, thanks for your payment. Here is your receipt for your records.',
    },
    { type: "divider" },
    line("**Order**", '{{ data.order_number | "—" }}'),
    line('{{ data.item | "Subscription" }}', '{{ data.subtotal | "—" }}'),
    line("Tax", '{{ data.tax | "$0.00" }}'),
    { type: "divider" },
    line("**Total paid**", '**{{ data.total | "—" }}**'),
    line("Date", '{{ data.date | "—" }}'),
    line("Payment method", '{{ data.payment_method | "Card on file" }}'),
    { type: "spacer", height: 8 },
    {
      type: "button",
      label: "View invoice",
      href: '{{ data.invoice_url | "https://example.com" }}',
    },
    {
      type: "text",
      text: "Questions about this charge? Reply to this email and we'll sort it out.",
    },
    ...footer("This receipt was sent to {{ email }} because a payment was made on your account."),
  ],
};
