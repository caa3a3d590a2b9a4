import { listContactStory, serializeContactStory, STORY_PAGE_SIZE } from "@/lib/contacts/timeline";
import { requireDashboard } from "@/lib/web/dashboard/context";
import { Card, CardHeader } from "../../ui/card";
import { CodeBlock } from "../../ui/code-block";
import { StoryFeed } from "./story-feed";

/**
 * Everything that happened to the contact, newest first: emails with their opens and clicks,
 * automation runs and their steps, events, subscription changes. Only the "Added" moment: a hint
 * on how the rest arrives.
 */
export async function ContactStory({ contactId, email }: { contactId: string; email: string }) {
  const { ctx, appUrl } = await requireDashboard();
  const page = serializeContactStory(
    await listContactStory(ctx, contactId, { limit: STORY_PAGE_SIZE }),
  );
  const onlyAdded = page.data.length === 1 && page.data[0]!.kind === "created";
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Activity"
        description="Emails, opens and clicks, automations, events and subscription changes, newest first."
      />
      <StoryFeed contactId={contactId} first={page} now={ctx.clock.now().toISOString()} />
      {onlyAdded && (
        <div className="grid gap-3 border-t border-zinc-100 px-5 py-4">
          <p className="text-[13px] text-zinc-500">
            Nothing else yet. Emails sent to this address, automation runs and the events you record
            for it will show up here, for example:
          </p>
          <CodeBlock
            label="POST /api/v1/events"
            code={[
              `curl -X POST ${appUrl}/api/v1/events \\`,
              `  -H "Authorization: Bearer sk_live_…" \\`,
              `  -H "Content-Type: application/json" \\`,
              `  -d '{ "name": "user.signed_up", "email": "${email}" }'`,
            ].join("\n")}
          />
        </div>
      )}
    </Card>
  );
}
