import { startDueCampaigns } from "@/lib/campaigns/send";
import type { TestApp } from "./app";

/** What a worker's poller does for campaigns, now (after a fake-clock move). */
export function startCampaignsDue(app: TestApp) {
  return startDueCampaigns(app.runtime);
}

/**
 * `count` subscribed contacts in one statement, ids `<idPrefix>000001…`, emails
 * `<emailPrefix>1@example.com…`: an audience for campaign tests.
 */
export async function insertSubscribedContacts(
  app: TestApp,
  projectId: string,
  count: number,
  names: { idPrefix: string; emailPrefix: string },
) {
  await app.runtime.handle.query(
    `insert into contacts (id, project_id, email, subscribed, source, data, created_at, updated_at)
     select $2 || lpad(g::text, 6, '0'), $1, $3 || g || '@example.com', true, 'import', '{}', now(), now()
     from generate_series(1, ${count}) g`,
    [projectId, names.idPrefix, names.emailPrefix],
  );
}
