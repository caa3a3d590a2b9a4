import Link from "next/link";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { contactTopicStates } from "@/lib/topics/subscriptions";
import { Card, CardHeader } from "../ui/card";
import { ContactTopicSwitches } from "./contact-topic-switches";

/** Every topic of the project and whether this contact gets it, with a switch to change that. */
export async function ContactTopics({ contactId }: { contactId: string }) {
  const { ctx } = await requireDashboard();
  const topics = await contactTopicStates(ctx.db, ctx.projectId, contactId);
  return (
    <Card>
      <CardHeader
        title="Topics"
        description={
          topics.length === 0
            ? undefined
            : "What this contact gets. A switch you flip here counts as their own choice."
        }
      />
      {topics.length === 0 ? (
        <p className="px-5 py-4 text-[13px] text-zinc-500">
          No topics yet. Topics let readers pick what they get.{" "}
          <Link href="/topics" className="font-medium text-indigo-600 hover:text-indigo-500">
            Create a topic
          </Link>
        </p>
      ) : (
        <ContactTopicSwitches contactId={contactId} topics={topics} />
      )}
    </Card>
  );
}
