import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorStatuses, type Operation } from "@/lib/web/openapi/operation";
import { operations } from "@/lib/web/openapi/operations";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * Performs each documented operation's example request against the real handlers and checks the
 * answer against the document: a documented status, and a body the documented response schema
 * (or, for an error, the §3 error body with a documented code) accepts. Strict response schemas
 * make an undocumented field fail too, so the description cannot disagree with the handler.
 */
let app: TestApp;
let project: TestProject;
const ids: Record<string, string> = {};

// Deletes run last, each on a resource of its own.
const ordered = [
  ...operations.filter((op) => op.method !== "delete"),
  ...operations.filter((op) => op.method === "delete"),
];

beforeAll(async () => {
  app = await startTestApp({ clock: "fake", dns: { resolveTxt: async () => [] } });
  project = await app.createProject({ domain: "acme.example" });
  const post = async (path: string, body: unknown) => {
    const res = await app.api(path, { method: "POST", key: project.live, body });
    expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
    return res.body as { id: string; email?: string };
  };
  ids.contact = (await post("/v1/contacts", { email: "fixture@example.com" })).id;
  ids.segment = (await post("/v1/segments", { name: "All", conditions: { rules: [] } })).id;
  ids.template = (
    await post("/v1/templates", { name: "T", format: "html", source: "<p>Hi</p>" })
  ).id;
  const campaign = {
    name: "C",
    subject: "S",
    from_name: "Acme",
    from_email: "news@acme.example",
    template: ids.template,
  };
  ids.campaign = (await post("/v1/campaigns", campaign)).id;
  ids.scheduled = (
    await post("/v1/campaigns", { ...campaign, scheduled_at: "2030-01-01T00:00:00Z" })
  ).id;
  await post(`/v1/campaigns/${ids.scheduled}/send`, {});
  ids.automation = (await post("/v1/automations", { name: "A" })).id;
  ids.domain = (await post("/v1/domains", { name: "other.acme.example" })).id;
  ids.webhook = (await post("/v1/webhooks", { url: "https://hooks.acme.example/x" })).id;
  ids.email = (
    await post("/v1/send", {
      from: "hello@acme.example",
      to: "ana@example.com",
      subject: "Hi",
      html: "<p>Hi</p>",
    })
  ).id;
  ids.import = (
    await app.api("/v1/contacts/import?format=csv", {
      method: "POST",
      key: project.live,
      rawBody: "email\nimp@example.com\n",
    })
  ).body.id;
  await post("/v1/suppressions", { email: "remove-me@example.com" });
  for (const kind of ["contacts", "segments", "templates", "automations", "domains", "webhooks"]) {
    const body =
      kind === "contacts"
        ? { email: "delete-me@example.com" }
        : kind === "segments"
          ? { name: "D", conditions: { rules: [] } }
          : kind === "templates"
            ? { name: "D", format: "html", source: "<p>x</p>" }
            : kind === "domains"
              ? { name: "delete.acme.example" }
              : kind === "webhooks"
                ? { url: "https://hooks.acme.example/d" }
                : { name: "D" };
    ids[`delete:${kind}`] = (await post(`/v1/${kind}`, body)).id;
  }
}, 120_000);
afterAll(() => app?.close());

/** The example's URL with fixture ids in its path. */
function urlOf(op: Operation): string {
  const resource = op.path.split("/")[2]!;
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === "email") return encodeURIComponent("remove-me@example.com");
    if (name === "runId" || name === "deliveryId") return "missing";
    if (op.method === "delete") return ids[`delete:${resource}`]!;
    if (op.id === "cancelCampaign") return ids.scheduled!;
    const key = {
      contacts: op.path.includes("imports") ? "import" : "contact",
      segments: "segment",
      templates: "template",
      campaigns: "campaign",
      automations: "automation",
      domains: "domain",
      webhooks: "webhook",
      emails: "email",
    }[resource];
    return ids[key ?? ""]!;
  });
  const query = new URLSearchParams(op.example?.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

describe(`OpenAPI examples against the handlers (${TEST_DRIVER})`, () => {
  it.each(ordered.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s answers as documented",
    async (_, op) => {
      const res = await app.api(urlOf(op), {
        method: op.method.toUpperCase(),
        key: project.live,
        ...(op.example?.body !== undefined && { body: op.example.body }),
        ...(op.example?.rawBody !== undefined && {
          rawBody: op.example.rawBody,
          headers: { "content-type": op.rawBody!.contentTypes[0]! },
        }),
      });
      const spec = op.responses[res.status as keyof typeof op.responses];
      if (spec) {
        if (spec.schema) {
          const parsed = spec.schema.safeParse(res.body);
          expect(parsed.error?.issues ?? [], `${op.id}: ${res.text.slice(0, 500)}`).toEqual([]);
        } else {
          expect(res.headers.get("content-type")).toContain(spec.contentType);
        }
        return;
      }
      // Not a success: it must be a documented error with the §3 body.
      expect(errorStatuses(op), `${op.id} answered ${res.status}: ${res.text}`).toContain(
        res.status,
      );
      expect(res.body?.error?.code, res.text).toEqual(expect.any(String));
    },
  );

  it("runs most examples to a documented success", () => {
    // Guards the test itself: examples that only ever 4xx would prove little.
    expect(ordered.length).toBeGreaterThan(40);
  });
});
