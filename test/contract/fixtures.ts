import { createApiKey } from "@/lib/api-keys/create";
import { markDomainVerified } from "@/lib/domains/mark-verified";
import { receiveMessage } from "@/lib/received-emails/receive";
import type { TestApp } from "../support/app";

/**
 * The objects the contract run's path ids point at, made through the API like a client would,
 * as the Postman variables test/contract/portman-config.json overwrites path ids with. Deletes
 * get objects of their own so the rest of the run keeps its fixtures.
 */
export async function seedContractFixtures(app: TestApp): Promise<Record<string, string>> {
  const project = await app.createProject({ domain: "acme.example" });
  const post = async (path: string, body: unknown) => {
    const res = await app.api(path, { method: "POST", key: project.live, body });
    if (res.status >= 300) throw new Error(`fixture ${path}: ${res.status} ${res.text}`);
    return res.body as { id: string };
  };
  const template = await post("/v1/templates", { name: "T", format: "html", source: "<p>Hi</p>" });
  const campaign = {
    name: "C",
    subject: "S",
    from_name: "Acme",
    from_email: "news@acme.example",
    template: template.id,
  };
  const scheduled = await post("/v1/campaigns", {
    ...campaign,
    scheduled_at: "2030-01-01T00:00:00Z",
  });
  await post(`/v1/campaigns/${scheduled.id}/send`, {});
  // Cancelled by the run's cancel request; the "not a draft" requests get one of their own.
  const queued = await post("/v1/campaigns", { ...campaign, scheduled_at: "2030-01-01T00:00:00Z" });
  await post(`/v1/campaigns/${queued.id}/send`, {});
  const imported = await app.api("/v1/contacts/import?format=csv", {
    method: "POST",
    key: project.live,
    rawBody: "email\nimp@example.com\n",
    headers: { "content-type": "text/csv" },
  });
  await post("/v1/suppressions", { email: "remove-me@example.com" });
  const variables: Record<string, string> = {
    bearerToken: project.live,
    testKey: project.test,
    // DECISIONS §12: what every full-only operation answers 403 `insufficient_permission`.
    sendingKey: (await createApiKey(app.ctx(project.id), { mode: "live", permission: "sending" }))
      .secret,
    contactId: (await post("/v1/contacts", { email: "fixture@example.com" })).id,
    segmentId: (await post("/v1/segments", { name: "All", conditions: { rules: [] } })).id,
    // In use by a draft campaign (below): its DELETE answers 409 topic_in_use.
    topicId: (await post("/v1/topics", { name: "Fixture topic" })).id,
    templateId: template.id,
    campaignId: (await post("/v1/campaigns", campaign)).id,
    // The send request's own: the other campaign stays a draft for the PATCH requests after it.
    sendableCampaignId: (await post("/v1/campaigns", campaign)).id,
    untemplatedCampaignId: (await post("/v1/campaigns", { ...campaign, template: undefined })).id,
    scheduledCampaignId: scheduled.id,
    queuedCampaignId: queued.id,
    automationId: (await post("/v1/automations", { name: "A" })).id,
    domainId: (await post("/v1/domains", { name: "other.acme.example" })).id,
    webhookId: (await post("/v1/webhooks", { url: "https://hooks.acme.example/x" })).id,
    emailId: (
      await post("/v1/send", {
        from: "hello@acme.example",
        to: "ana@example.com",
        subject: "Hi",
        html: "<p>Hi</p>",
      })
    ).id,
    importId: (imported.body as { id: string }).id,
    scheduledEmailId: (
      await post("/v1/send", {
        from: "hello@acme.example",
        to: "ana@example.com",
        subject: "Later",
        html: "<p>Later</p>",
        // Sends are scheduled at most 30 days ahead; a week keeps it scheduled through the run.
        scheduled_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      })
    ).id,
    // No run exists in a fresh project: it is exercised through its 404.
    automationRunId: "zz_missing",
    invalidJson: '{"name": ',
    // One byte over the 10 MiB request limit.
    tooLargeBody: JSON.stringify({ pad: "x".repeat(10 * 1024 * 1024) }),
  };
  // A test event gives each endpoint a delivery to replay; the disabled one answers 409.
  // Named so creating it again, or renaming the fixture topic to it, answers 409 topic_exists.
  await post("/v1/topics", { name: "Other fixture topic" });
  await post("/v1/campaigns", { ...campaign, topic: variables.topicId });
  variables.webhookDeliveryId = (await post(`/v1/webhooks/${variables.webhookId}/test`, {})).id;
  const disabled = await post("/v1/webhooks", { url: "https://hooks.acme.example/off" });
  variables.disabledWebhookId = disabled.id;
  variables.disabledWebhookDeliveryId = (await post(`/v1/webhooks/${disabled.id}/test`, {})).id;
  const patched = await app.api(`/v1/webhooks/${disabled.id}`, {
    method: "PATCH",
    key: project.live,
    body: { active: false },
  });
  if (patched.status !== 200) throw new Error(`fixture disable webhook: ${patched.status}`);

  Object.assign(variables, await seedReceivedEmail(app, project));

  const deletable: Record<string, unknown> = {
    contact: { email: "delete-me@example.com" },
    segment: { name: "D", conditions: { rules: [] } },
    topic: { name: "Delete me" },
    template: { name: "D", format: "html", source: "<p>x</p>" },
    automation: { name: "D" },
    domain: { name: "delete.acme.example" },
    webhook: { url: "https://hooks.acme.example/d" },
  };
  for (const [kind, body] of Object.entries(deletable))
    variables[`${kind}DeleteId`] = (await post(`/v1/${kind}s`, body)).id;
  return variables;
}

/**
 * Received mail (DECISIONS §16): the project's acme.example receives, and holds one message with
 * an attachment. shared.acme.example is verified in the project too but another project receives
 * at it, so turning receiving on there answers 409 domain_receiving_taken.
 */
async function seedReceivedEmail(
  app: TestApp,
  project: { id: string; live: string },
): Promise<Record<string, string>> {
  const domains = await app.api("/v1/domains", { key: project.live });
  const acme = (domains.body.data as { id: string; name: string }[]).find(
    (d) => d.name === "acme.example",
  )!;
  const patch = async (key: string, id: string) => {
    const res = await app.api(`/v1/domains/${id}`, {
      method: "PATCH",
      key,
      body: { receiving: true },
    });
    if (res.status !== 200) throw new Error(`fixture receiving: ${res.status} ${res.text}`);
  };
  await patch(project.live, acme.id);
  const raw = [
    "From: Ada <ada@example.com>",
    "To: support@acme.example",
    "Subject: Fixture message",
    "Message-ID: <fixture-received@example.com>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    "Hello",
    "--b",
    'Content-Type: text/plain; name="note.txt"',
    'Content-Disposition: attachment; filename="note.txt"',
    "",
    "An attachment",
    "--b--",
    "",
  ].join("\r\n");
  const [receivedEmailId] = (
    await receiveMessage(app.runtime, Buffer.from(raw), ["support@acme.example"])
  ).ids;
  const received = await app.api(`/v1/received-emails/${receivedEmailId}`, { key: project.live });

  const other = await app.createProject({ name: "Receiver", domain: "shared.acme.example" });
  const [theirs] = (await app.api("/v1/domains", { key: other.live })).body.data as {
    id: string;
  }[];
  await patch(other.live, theirs!.id);
  const added = await app.api("/v1/domains", {
    method: "POST",
    key: project.live,
    body: { name: "shared.acme.example" },
  });
  await markDomainVerified(app.ctx(project.id), added.body.id, { by: "contract fixtures" });
  return {
    receivedEmailId: receivedEmailId!,
    receivedAttachmentId: received.body.attachments[0].id,
    sharedDomainId: added.body.id,
  };
}
