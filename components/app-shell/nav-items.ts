import {
  Activity,
  Ban,
  CircleUser,
  Globe,
  Home,
  Inbox,
  KeyRound,
  LayoutTemplate,
  ListFilter,
  Mail,
  Megaphone,
  Send,
  SlidersHorizontal,
  Tags,
  UserCog,
  Users,
  Webhook,
  Workflow,
  type LucideIcon,
} from "lucide-react";

import { safeReturnPath } from "@/lib/web/dashboard/return-path";
import { can, type Permission, type Role } from "@/lib/core/permissions";

/** `permission`: shown only to roles that hold it (the page refuses others calmly anyway). */
export type NavItem = { href: string; label: string; icon: LucideIcon; permission?: Permission };
export type NavSection = { title?: string; items: NavItem[] };

/**
 * The sidebar. Only screens that exist are listed. Sending (campaigns, automations) follows
 * the templates it uses; segments and topics follow the
 * contacts they group.
 */
export const NAV: NavSection[] = [
  {
    items: [
      { href: "/overview", label: "Overview", icon: Home },
      { href: "/emails", label: "Emails", icon: Mail },
      { href: "/received", label: "Received", icon: Inbox },
      { href: "/templates", label: "Templates", icon: LayoutTemplate },
      { href: "/campaigns", label: "Campaigns", icon: Megaphone },
      { href: "/automations", label: "Automations", icon: Workflow },
      { href: "/contacts", label: "Contacts", icon: Users },
      { href: "/segments", label: "Segments", icon: ListFilter },
      { href: "/topics", label: "Topics", icon: Tags },
      { href: "/events", label: "Events", icon: Activity },
      { href: "/suppressions", label: "Suppressions", icon: Ban },
    ],
  },
  {
    title: "Settings",
    items: [
      {
        href: "/settings/general",
        label: "General",
        icon: SlidersHorizontal,
        permission: "settings.manage",
      },
      {
        href: "/settings/api-keys",
        label: "API keys",
        icon: KeyRound,
        permission: "api_keys.manage",
      },
      { href: "/settings/domains", label: "Domains", icon: Globe, permission: "domains.manage" },
      {
        href: "/settings/delivery",
        label: "Delivery",
        icon: Send,
        permission: "delivery.manage",
      },
      {
        href: "/settings/webhooks",
        label: "Webhooks",
        icon: Webhook,
        permission: "webhooks.manage",
      },
      // Everyone sees who is in the project; only admins change it.
      { href: "/settings/members", label: "Members", icon: UserCog },
      // The signed-in person's own sign-in and sessions, whatever their role.
      { href: "/settings/account", label: "Your account", icon: CircleUser },
    ],
  },
];

/** The sidebar as `role` sees it: admin-only areas are left out for members. */
export function navFor(role: Role): NavSection[] {
  return NAV.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.permission || can(role, item.permission)),
  }));
}

/** The list a missing page belongs to (`/campaigns/cmp_x` → Campaigns), for the 404's way back. */
export function parentListOf(path: string | null | undefined): NavItem | null {
  const pathname = safeReturnPath(path)?.split(/[?#]/)[0];
  if (!pathname) return null;
  const item = NAV.flatMap((section) => section.items)
    .filter((i) => pathname === i.href || pathname.startsWith(`${i.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return item && item.href !== "/overview" ? item : null;
}
