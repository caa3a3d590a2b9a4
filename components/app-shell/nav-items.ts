import {
  Ban,
  Globe,
  Home,
  KeyRound,
  LayoutTemplate,
  Mail,
  Users,
  Webhook,
  Workflow,
  type LucideIcon,
} from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };
export type NavSection = { title?: string; items: NavItem[] };

/**
 * The sidebar. Only screens that exist are listed; later features (automations, campaigns)
 * add their entries here.
 */
export const NAV: NavSection[] = [
  {
    items: [
      { href: "/overview", label: "Overview", icon: Home },
      { href: "/emails", label: "Emails", icon: Mail },
      { href: "/templates", label: "Templates", icon: LayoutTemplate },
      { href: "/automations", label: "Automations", icon: Workflow },
      { href: "/contacts", label: "Contacts", icon: Users },
      { href: "/suppressions", label: "Suppressions", icon: Ban },
    ],
  },
  {
    title: "Settings",
    items: [
      { href: "/settings/api-keys", label: "API keys", icon: KeyRound },
      { href: "/settings/domains", label: "Domains", icon: Globe },
      { href: "/settings/webhooks", label: "Webhooks", icon: Webhook },
    ],
  },
];
