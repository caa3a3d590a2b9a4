import { redirect } from "next/navigation";

// Settings has one section so far; later sections get their own pages beside it.
export default function SettingsPage() {
  redirect("/settings/api-keys");
}
