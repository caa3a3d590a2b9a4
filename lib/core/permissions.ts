import { ForbiddenError } from "@/lib/core/errors";

export type Role = "admin" | "member";
export const ROLES: readonly Role[] = ["admin", "member"];

/**
 * DECISIONS §11, the one table of who may do what. Contacts, imports, templates, segments,
 * automations, campaigns, emails, events and suppressions are open to every role and so are not
 * listed; each permission below guards its services (route handlers, server actions, pages and
 * the CLI all go through them). API keys and the CLI act as admin: only an admin can mint a key.
 */
export const PERMISSIONS = {
  /** Create and revoke API keys. */
  "api_keys.manage": { roles: ["admin"], refusal: "manage API keys" },
  /** Create, edit, enable/disable, replay, delete webhook endpoints; read their secrets. */
  "webhooks.manage": { roles: ["admin"], refusal: "manage webhooks and their secrets" },
  /** Add, verify and delete sending domains. */
  "domains.manage": { roles: ["admin"], refusal: "change sending domains" },
  /** Project settings: default sender, double opt-in. */
  "settings.manage": { roles: ["admin"], refusal: "change project settings" },
  /** How the project's mail leaves: SMTP relays and Resend, their secrets (Settings → Delivery). */
  "delivery.manage": { roles: ["admin"], refusal: "change how this project's mail is delivered" },
  /** Invite, re-role and remove members; see and revoke invitations. */
  "members.manage": { roles: ["admin"], refusal: "manage members and invitations" },
  /**
   * Create another project (the creator becomes its admin). There is no instance-wide admin: an
   * admin of any project may (lib/projects/create.ts judges by the user's best role).
   */
  "projects.create": { roles: ["admin"], refusal: "create projects" },
  /** Delete this project and everything in it. */
  "projects.delete": { roles: ["admin"], refusal: "delete a project" },
} as const satisfies Record<string, { roles: readonly Role[]; refusal: string }>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** The sentence a refused member reads, in a 403 body or a form error. */
export function refusalMessage(permission: Permission): string {
  return `Only an admin can ${PERMISSIONS[permission].refusal}.`;
}

/** Throws ForbiddenError (403 `forbidden`) unless the acting role holds the permission. */
export function authorize(ctx: { role: Role }, permission: Permission): void {
  if (!can(ctx.role, permission)) throw new ForbiddenError(refusalMessage(permission));
}
