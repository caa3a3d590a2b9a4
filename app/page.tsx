import { redirect } from "next/navigation";

// The dashboard starts at the overview; signed-out visitors are sent on to /login from there.
export default function Home() {
  redirect("/overview");
}
