import {
  Ban,
  Globe,
  Home,
  KeyRound,
  LayoutTemplate,
  ListFilter,
  Mail,
  Megaphone,
  SlidersHorizontal,
  Users,
  Webhook,
  Workflow,
  type LucideIcon,
} from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };
export type NavSection = { title?: string; items: NavItem[] };

/**
 * The sidebar. Only screens that exist are listed. Sending (campaigns, automations) follows
 * the templates it uses; segments follow the contacts they filter.
 */
export const NAV: NavSection[] = [
  {
    items: [
      { href: "/overview", label: "Overview", icon: Home },
      { href: "/emails", label: "Emails", icon: Mail },
      { href: "/templates", label: "Templates", icon: LayoutTemplate },
      { href: "/campaigns", label: "Campaigns", icon: Megaphone },
      { href: "/automations", label: "Automations", icon: Workflow },
      { href: "/contacts", label: "Contacts", icon: Users },
      { href: "/segments", label: "Segments", icon: ListFilter },
      { href: "/suppressions", label: "Suppressions", icon: Ban },
    ],
  },
  {
    title: "Settings",
    items: [
      { href: "/settings/general", label: "General", icon: SlidersHorizontal },
      { href: "/settings/api-keys", label: "API keys", icon: KeyRound },
      { href: "/settings/domains", label: "Domains", icon: Globe },
      { href: "/settings/webhooks", label: "Webhooks", icon: Webhook },
    ],
  },
];
