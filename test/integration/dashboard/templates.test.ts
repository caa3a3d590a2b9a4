import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceSettings, projects } from "@/db/schema";
import { getEmailWithBody } from "@/lib/emails/list";
import { listGalleryTemplates } from "@/lib/templates/gallery-list";
import { countOwnTemplates } from "@/lib/templates/list";
import { deliveryConfigured, resolveTestSender } from "@/lib/web/dashboard/templates-sender";
import { createDomain } from "@/lib/domains/create";
import { PUBLIC_URL_KEY } from "@/lib/core/instance-settings";
import { createProject } from "@/lib/projects/create";
import { refreshPublicUrl, savePublicUrl } from "@/lib/instance/public-url";
import { sendEmail } from "@/lib/sending/send";
import { createTemplate } from "@/lib/templates/create";
import { BLOCK_MARKER_ATTRIBUTE } from "@/lib/templates/editor-markers";
import { SYSTEM_TEMPLATES } from "@/lib/templates/gallery";
import { startTestApp, type TestApp } from "../../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A project straight from the service: no domain unless one is added. */
async function bareProject(name: string) {
  const { project } = await createProject(app.runtime.db, { name }, app.clock.now());
  return app.ctx(project.id);
}

describe(`templates dashboard data (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("lists the whole system gallery in declared order, with descriptions and rendered HTML", async () => {
    const project = await app.createProject();
    const ctx = app.ctx(project.id);
    await createTemplate(ctx, { name: "Own onboarding", category: "Onboarding" });

    const gallery = await listGalleryTemplates(ctx);
    expect(gallery.map((t) => t.id)).toEqual(SYSTEM_TEMPLATES.map((t) => t.id));
    const welcome = gallery.find((t) => t.id === "tpl_system_welcome")!;
    expect(welcome.description).toMatch(/new sign-up/);
    expect(welcome.html).toMatch(/^<!DOCTYPE html/);
    // Rendered with sample data: the sample contact and project, never a placeholder or a gap.
    expect(welcome.html).toContain("Welcome aboard, Alex");
    expect(welcome.html).toMatch(/The (<!-- -->)?Acme(<!-- -->)? team/);
    expect(welcome.html).not.toContain("{{");

    const onboarding = await listGalleryTemplates(ctx, "Onboarding");
    expect(onboarding.length).toBeGreaterThan(0);
    expect(onboarding.every((t) => t.category === "Onboarding")).toBe(true);
    expect(onboarding.map((t) => t.name)).not.toContain("Own onboarding");
  });

  it("previews gallery templates with their samples, and pictures at the saved public URL", async () => {
    const project = await app.createProject({ name: "Northwind" });
    const ctx = app.ctx(project.id);
    const before = app.runtime.config.appUrl;
    await savePublicUrl(ctx, "https://mail.northwind.test", "ada@northwind.test");
    try {
      const gallery = await listGalleryTemplates(ctx);
      const newsletter = gallery.find((t) => t.id === "tpl_system_newsletter_digest")!;
      expect(newsletter.html).toContain('src="https://mail.northwind.test/samples/picture.png"');
      expect(newsletter.html).toContain('src="https://mail.northwind.test/samples/logo.png"');
      const receipt = gallery.find((t) => t.id === "tpl_system_receipt")!;
      for (const value of ["#10428", "$53.41", "June 12, 2026"]) {
        expect(receipt.html).toContain(value);
      }
      expect(receipt.html).not.toContain("—");
    } finally {
      // Back to no saved URL, for the other tests of this file.
      await app.runtime.db.delete(instanceSettings).where(eq(instanceSettings.key, PUBLIC_URL_KEY));
      await refreshPublicUrl(app.runtime);
      expect(app.runtime.config.appUrl).toBe(before);
    }
  });

  it("counts only the project's own templates, by category", async () => {
    const a = app.ctx((await app.createProject({ name: "A" })).id);
    const b = app.ctx((await app.createProject({ name: "B" })).id);
    await createTemplate(a, { name: "One", category: "Newsletter" });
    await createTemplate(a, { name: "Two" });
    await createTemplate(b, { name: "Elsewhere", category: "Newsletter" });
    expect(await countOwnTemplates(a)).toBe(2);
    expect(await countOwnTemplates(a, "Newsletter")).toBe(1);
    expect(await countOwnTemplates(a, "Promotional")).toBe(0);
  });

  it("sends test emails from the default sender, else hello@ the first verified domain, else nobody", async () => {
    const project = await app.createProject({ name: "Acme" });
    const withDefault = app.ctx(project.id);
    expect(await resolveTestSender(withDefault)).toEqual({
      from: '"Acme" <hello@mail.test>',
      address: "hello@mail.test",
      label: "Acme <hello@mail.test>",
      source: "default",
    });

    const fallback = await bareProject("Fallback Co");
    const now = app.clock.now();
    await createDomain(fallback.db, fallback.projectId, { name: "pending.test" }, now);
    expect(await resolveTestSender(fallback)).toBeNull();
    await createDomain(
      fallback.db,
      fallback.projectId,
      { name: "Verified.test", verified: true },
      now,
    );
    expect(await resolveTestSender(fallback)).toMatchObject({
      address: "hello@verified.test",
      label: "Fallback Co <hello@verified.test>",
      source: "domain",
    });

    await app.runtime.db
      .update(projects)
      .set({ defaultFromName: "Support", defaultFromEmail: "Help@Verified.test" })
      .where(eq(projects.id, fallback.projectId));
    expect(await resolveTestSender(fallback)).toMatchObject({
      from: '"Support" <help@verified.test>',
      source: "default",
    });

    expect(await resolveTestSender(await bareProject("No domain"))).toBeNull();
  });

  it("a test send of a saved template renders its subject and body with the sample values", async () => {
    const project = await app.createProject({ name: "Acme" });
    const ctx = app.ctx(project.id);
    const template = await createTemplate(ctx, {
      name: "Hello",
      subject: 'Hi {{ name | "there" }}',
      source: JSON.stringify({ blocks: [{ type: "text", text: "Plan: **{{data.plan}}**" }] }),
    });
    const sender = (await resolveTestSender(ctx))!;
    const { body } = await sendEmail(ctx, {
      from: sender.from,
      to: "qa@example.com",
      subject: template.subject,
      template: template.id,
      variables: { name: "Ada", data: { plan: "Pro" } },
    });
    // The test app has no SMTP_URL or RESEND_API_KEY.
    expect(await deliveryConfigured(ctx)).toBe(false);
    expect(body.status).toBe("queued");
    const email = await getEmailWithBody(ctx, body.id);
    expect(email).toMatchObject({
      subject: "Hi Ada",
      to: "qa@example.com",
      templateId: template.id,
    });
    expect(email!.html).toContain("<strong");
    expect(email!.html).toContain("Pro");
  });
});

describe(`editor block marks stay out of mail (${process.env.MW_TEST_DRIVER ?? "pglite"})`, () => {
  it("a template saved by the editor (blocks with ids) is sent without the preview's marks", async () => {
    const project = await app.createProject({ name: "Acme" });
    const ctx = app.ctx(project.id);
    // The dashboard saves its block ids in the source; the editor's preview marks blocks by them.
    const template = await createTemplate(ctx, {
      name: "Saved by the editor",
      subject: "Hello",
      source: JSON.stringify({
        blocks: [
          { type: "heading", id: "b1", text: "Welcome" },
          {
            type: "columns",
            id: "b2",
            columns: [
              { blocks: [{ type: "text", id: "b3", text: "Left side" }] },
              { blocks: [{ type: "button", id: "b4", label: "Go", href: "https://example.com" }] },
            ],
          },
        ],
      }),
    });
    const sender = (await resolveTestSender(ctx))!;
    const { body } = await sendEmail(ctx, {
      from: sender.from,
      to: "qa@example.com",
      subject: template.subject,
      template: template.id,
    });
    const email = await getEmailWithBody(ctx, body.id);
    expect(email!.html).toContain("Left side");
    expect(email!.html).not.toContain(BLOCK_MARKER_ATTRIBUTE);
    expect(email!.html).not.toContain('"b3"');
  });
});
