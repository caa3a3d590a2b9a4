import { Clock, Hourglass, Mail, Split, UserCog, type LucideIcon } from "lucide-react";
import type { StepType } from "./steps-draft";

/** How each step type looks and is named in the builder. */
export const STEP_META: Record<
  StepType,
  { label: string; menuLabel: string; description: string; icon: LucideIcon; tint: string }
> = {
  email: {
    label: "Email",
    menuLabel: "Send an email",
    description: "Send one of your templates",
    icon: Mail,
    tint: "bg-indigo-50 text-indigo-600 ring-indigo-600/15",
  },
  delay: {
    label: "Delay",
    menuLabel: "Wait a while",
    description: "Pause for minutes, hours or days",
    icon: Clock,
    tint: "bg-amber-50 text-amber-700 ring-amber-600/20",
  },
  wait: {
    label: "Wait for event",
    menuLabel: "Wait for an event",
    description: "Until your app records it, or a timeout",
    icon: Hourglass,
    tint: "bg-sky-50 text-sky-700 ring-sky-600/20",
  },
  branch: {
    label: "Branch",
    menuLabel: "Branch (if / else)",
    description: "Split the flow on a condition",
    icon: Split,
    tint: "bg-violet-50 text-violet-700 ring-violet-600/20",
  },
  action: {
    label: "Update contact",
    menuLabel: "Update the contact",
    description: "Tag, set a field or unsubscribe",
    icon: UserCog,
    tint: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  },
};

export const STEP_TYPES_IN_MENU: StepType[] = ["email", "delay", "wait", "branch", "action"];

export function stepMeta(type: string) {
  return STEP_META[type as StepType] ?? STEP_META.action;
}
