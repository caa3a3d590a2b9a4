import { Shield, User } from "lucide-react";
import { cn } from "../../ui/cn";

const ROLE_TEXT = {
  member: {
    title: "Member",
    icon: User,
    description: "Contacts, templates, campaigns, automations and the rest of the daily work.",
  },
  admin: {
    title: "Admin",
    icon: Shield,
    description: "Also API keys, webhooks, domains, project settings and members.",
  },
} as const;

/** The two roles as radio cards, with what each may do (DECISIONS §11). */
export function RoleOptions({
  name,
  defaultValue,
  error,
}: {
  name: string;
  defaultValue: "admin" | "member";
  error?: string;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-[13px] font-medium text-zinc-800">Role</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(["member", "admin"] as const).map((role) => {
          const { title, icon: Icon, description } = ROLE_TEXT[role];
          return (
            <label
              key={role}
              className={cn(
                "flex cursor-pointer gap-3 rounded-xl p-3 ring-1 ring-zinc-200 transition-colors ring-inset hover:bg-zinc-50",
                "has-[:checked]:bg-indigo-50/60 has-[:checked]:ring-2 has-[:checked]:ring-indigo-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
              )}
            >
              <input
                type="radio"
                name={name}
                value={role}
                defaultChecked={role === defaultValue}
                className="mt-0.5 size-4 accent-indigo-600"
                aria-describedby={`role-${role}-hint`}
              />
              <span className="min-w-0">
                <span className="flex items-center gap-1.5 text-sm font-medium text-zinc-900">
                  <Icon aria-hidden className="size-3.5 text-zinc-500" />
                  {title}
                </span>
                <span id={`role-${role}-hint`} className="mt-0.5 block text-xs text-zinc-500">
                  {description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && <p className="text-[13px] text-red-600">{error}</p>}
    </fieldset>
  );
}
