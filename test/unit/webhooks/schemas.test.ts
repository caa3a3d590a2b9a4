import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/core/errors";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { webhookInputSchemas } from "@/lib/webhooks/schemas";
import { parseInput } from "@/lib/core/validation";

const { CreateWebhookInput, UpdateWebhookInput } = webhookInputSchemas({
  webhookAllowPrivate: false,
});
const url = "https://h.example.com/in";
const details = (schema: typeof CreateWebhookInput | typeof UpdateWebhookInput, input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return error.details ?? [];
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
};

describe("webhook input", () => {
  it("accepts an http(s) URL, orders and dedupes events, trims the description", () => {
    expect(parseInput(CreateWebhookInput, { url: ` ${url} ` })).toEqual({ url });
    const narrow = parseInput(CreateWebhookInput, {
      url: "http://h.example.com:8080/x?y=1",
      events: ["email.clicked", "email.delivered", "email.clicked"],
      description: "  Ops  ",
    });
    expect(narrow).toMatchObject({
      events: ["email.delivered", "email.clicked"],
      description: "Ops",
    });
    expect(
      parseInput(CreateWebhookInput, { url, events: [...WEBHOOK_EVENT_TYPES] }).events,
    ).toEqual(WEBHOOK_EVENT_TYPES);
    expect(parseInput(CreateWebhookInput, { url, description: "  " }).description).toBeNull();
  });

  it.each([
    [{}, "url", "is required"],
    [{ url: "" }, "url", "is required"],
    [{ url: 42 }, "url", "must be a string"],
    [{ url: "/relative" }, "url", "must be an absolute http(s) URL"],
    [{ url: "ftp://h.example.com/" }, "url", "must use http or https"],
    [{ url: `${url}/${"a".repeat(2048)}` }, "url", "must be at most 2048 characters"],
    [{ url, events: [] }, "events", "must list at least one event type"],
    [{ url, events: "email.delivered" }, "events", "must be an array of event types"],
    [
      { url, events: ["email.teleported"] },
      "events.0",
      `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`,
    ],
    [{ url, description: "d".repeat(501) }, "description", "must be at most 500 characters"],
    [{ url, description: 5 }, "description", "must be a string or null"],
  ])("refuses %j", (input, path, message) => {
    expect(details(CreateWebhookInput, input)).toEqual([{ path, message }]);
  });

  it("refuses literal private targets and localhost names unless WEBHOOK_ALLOW_PRIVATE is set", () => {
    const local = [
      "http://127.0.0.1/",
      "http://localhost:8080/x",
      "http://api.localhost/",
      "http://[::1]/",
      "http://[::ffff:7f00:1]/",
      "http://169.254.169.254/",
      "http://0x7f.1/",
      "http://10.1.2.3/",
    ];
    for (const target of local) {
      expect(details(CreateWebhookInput, { url: target })).toEqual([
        { path: "url", message: "must not point to a private, loopback or link-local address" },
      ]);
    }
    // Public literals and names pass: names are checked after DNS, at delivery time.
    for (const target of ["https://8.8.8.8/", "https://internal.example.com/"]) {
      expect(parseInput(CreateWebhookInput, { url: target }).url).toBe(target);
    }
    const allowing = webhookInputSchemas({ webhookAllowPrivate: true });
    for (const target of local) {
      expect(parseInput(allowing.CreateWebhookInput, { url: target }).url).toBe(target);
      expect(parseInput(allowing.UpdateWebhookInput, { url: target }).url).toBe(target);
    }
  });

  it("patches only what is sent, with the same rules", () => {
    expect(parseInput(UpdateWebhookInput, {})).toEqual({});
    expect(parseInput(UpdateWebhookInput, { active: false, description: null })).toEqual({
      active: false,
      description: null,
    });
    expect(details(UpdateWebhookInput, { active: "yes" })).toContainEqual({
      path: "active",
      message: "must be a boolean",
    });
    expect(details(UpdateWebhookInput, { events: [] })[0]!.path).toBe("events");
    expect(details(UpdateWebhookInput, { url: "mailto:a@b.co" })[0]!.path).toBe("url");
  });
});
