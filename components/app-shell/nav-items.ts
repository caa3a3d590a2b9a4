import { Home, KeyRound, Users, type LucideIcon } from "lucide-react";

export type NavItem = { href: string; label: string; icon: LucideIcon };
export type NavSection = { title?: string; items: NavItem[] };

/**
 * The sidebar. Only screens that exist are listed; later features (emails, templates,
 * automations, campaigns, suppressions) add their entries here.
 */
export const NAV: NavSection[] = [
  {
    items: [
      { href: "/overview", label: "Overview", icon: Home },
      { href: "/contacts", label: "Contacts", icon: Users },
    ],
  },
  {
    title: "Settings",
    items: [{ href: "/settings/api-keys", label: "API keys", icon: KeyRound }],
  },
];
