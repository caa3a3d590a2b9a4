import Link from "next/link";
import type { ReactNode } from "react";
import { can, type Permission, type Role } from "@/lib/core/permissions";

/**
 * A pointer to an admin-only settings page: a link for admins; for members, who would only
 * meet "only an admin can…" there, a note to ask an admin instead.
 */
export function SettingsLink({
  role,
  permission,
  href,
  children,
  memberText,
}: {
  role: Role;
  permission: Permission;
  href: string;
  children: ReactNode;
  memberText: string;
}) {
  if (!can(role, permission)) return <span className="text-zinc-600">{memberText}</span>;
  return (
    <Link href={href} className="font-medium text-indigo-600 hover:text-indigo-500">
      {children}
    </Link>
  );
}
