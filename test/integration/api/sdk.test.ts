import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "@/lib/web/openapi/document";
import { errorCodes } from "@/lib/web/openapi/operation";
import { operations } from "@/lib/web/openapi/operations";
import { createMailwright, type ApiError, type Mailwright } from "@/sdk/src";
import { startTestApp, TEST_DRIVER, type TestApp, type TestProject } from "../../support/app";

/**
 * The generated SDK against the real handlers over HTTP, on the driver under test. This file is
 * type-checked by `tsc --noEmit`: a path, parameter or field the document does not have fails
 * the build, so the SDK's types and the API cannot drift apart unnoticed.
 */
let app: TestApp;
let project: TestProject;
let mw: Mailwright;

beforeAll(async () => {
  app = await startTestApp();
  project = await app.createProject({ domain: "acme.example" });
  mw = createMailwright({ apiKey: project.test, baseUrl: app.baseUrl });
});
afterAll(() => app?.close());

describe(`SDK against the server (${TEST_DRIVER})`, () => {
  it("upserts a contact and reads it back", async () => {
    const created = await mw.contacts.upsert({
      email: "ana@example.com",
      name: "Ana",
      data: { plan: "pro" },
    });
    expect(created.error).toBeUndefined();
    expect(created.response.status).toBe(201);
    const id = created.data!.id;

    const again = await mw.contacts.upsert({ email: "ana@example.com", name: "Ana Silva" });
    expect(again.data?.id).toBe(id);

    const { data } = await mw.GET("/v1/contacts/{id}", { params: { path: { id } } });
    expect(data).toMatchObject({
      email: "ana@example.com",
      name: "Ana Silva",
      data: { plan: "pro" },
    });
  });

  it("sends with a test key and finds the email through a filtered list", async () => {
    const welcome = {
      from: "Acme <hello@acme.example>",
      to: "user@example.com",
      subject: "Welcome",
      html: "<p>Hi</p>",
    };
    const sent = await mw.send(welcome, { idempotencyKey: "sdk-welcome-1" });
    expect(sent.error).toBeUndefined();
    const id = sent.data!.id;
    expect(id).toMatch(/^em_/);

    // A retry is the same request (the key sent with another request is a 422).
    const replay = await mw.send({ ...welcome }, { idempotencyKey: "sdk-welcome-1" });
    expect(replay.data).toMatchObject({ id, idempotent: true });

    const listed = await mw.emails.list({ type: "transactional", search: "user@", limit: 10 });
    expect(listed.error).toBeUndefined();
    expect(listed.data!.data.map((email) => email.id)).toEqual([id]);
    const none = await mw.emails.list({ type: "campaign" });
    expect(none.data!.data).toEqual([]);
  });

  it("gives the typed error body for a 422", async () => {
    const { data, error, response } = await mw.send({
      from: "hello@acme.example",
      to: "ana@example.com",
      subject: "",
      html: "<p>Hi</p>",
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(422);
    const body: ApiError | undefined = error;
    expect(body?.error.code).toBe("validation_error");
    expect(body?.error.details?.map((d) => d.path)).toEqual(["subject"]);
  });

  it("answers 401 with the error body for a wrong key", async () => {
    const stranger = createMailwright({ apiKey: "sk_test_nope", baseUrl: `${app.baseUrl}/` });
    const { error, response } = await stranger.emails.list();
    expect(response.status).toBe(401);
    expect(error?.error.code).toBe("unauthorized");
  });
});

describe(`documented error bodies (${TEST_DRIVER})`, () => {
  // Found by the contract run: the 409 listed each dependant with fields the document's error
  // body did not have, under a code it did not list.
  it("deleting a template in use answers the documented 409 body and code", async () => {
    const live = createMailwright({ apiKey: project.live, baseUrl: app.baseUrl });
    const template = await live.POST("/v1/templates", {
      body: { name: "Used", format: "html", source: "<p>Hi</p>" },
    });
    const templateId = template.data!.id;
    await live.POST("/v1/campaigns", {
      body: {
        name: "C",
        subject: "S",
        from_name: "Acme",
        from_email: "news@acme.example",
        template: templateId,
      },
    });
    const { error, response } = await live.DELETE("/v1/templates/{id}", {
      params: { path: { id: templateId } },
    });
    expect(response.status).toBe(409);
    expect(ErrorBody.safeParse(error).error?.issues ?? []).toEqual([]);
    const deleteTemplate = operations.find((op) => op.id === "deleteTemplate")!;
    expect(errorCodes(deleteTemplate, 409)).toContain(error?.error.code);
    expect(error?.error.details?.[0]).toMatchObject({ type: "campaign", name: "C" });
  });
});
