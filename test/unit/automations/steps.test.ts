import { describe, expect, it } from "vitest";
import { parseCreateAutomation, parseUpdateAutomation } from "@/lib/automations/schemas";
import { finalizeSteps } from "@/lib/automations/steps";
import { ValidationError } from "@/lib/core/errors";

/** Parses `steps` through the create schema; returns the stored steps. */
function steps(input: unknown[]) {
  return parseCreateAutomation({ name: "Flow", steps: input }).steps;
}

/** The 422 a parse raises, for assertions on its code and detail paths. */
function rejection(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("expected a ValidationError");
}
const paths = (error: ValidationError) => error.details?.map((d) => d.path);

const delay = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "delay",
  delayMinutes: 5,
  ...extra,
});

describe("automation input", () => {
  it("defaults the trigger to contact.subscribed and steps to []", () => {
    expect(parseCreateAutomation({ name: " Welcome " })).toEqual({
      name: "Welcome",
      trigger: { event: "contact.subscribed" },
      steps: [],
    });
  });

  it("accepts an event trigger with a name and rejects one without", () => {
    const parsed = parseCreateAutomation({
      name: "x",
      trigger: { event: "event", name: "user.signed_up" },
    });
    expect(parsed.trigger).toEqual({ event: "event", name: "user.signed_up" });
    expect(
      paths(rejection(() => parseCreateAutomation({ name: "x", trigger: { event: "event" } }))),
    ).toEqual(["trigger.name"]);
    expect(
      paths(
        rejection(() =>
          parseCreateAutomation({ name: "x", trigger: { event: "event", name: "" } }),
        ),
      ),
    ).toEqual(["trigger.name"]);
    expect(
      paths(rejection(() => parseCreateAutomation({ name: "x", trigger: { event: "opened" } }))),
    ).toEqual(["trigger.event"]);
    expect(
      paths(rejection(() => parseCreateAutomation({ name: "x", trigger: "contact.subscribed" }))),
    ).toEqual(["trigger"]);
    const long = "e".repeat(201);
    expect(
      paths(
        rejection(() =>
          parseCreateAutomation({ name: "x", trigger: { event: "event", name: long } }),
        ),
      ),
    ).toEqual(["trigger.name"]);
  });

  it("requires a name of 1 to 120 characters", () => {
    expect(parseCreateAutomation({ name: "n".repeat(120) }).name).toHaveLength(120);
    for (const name of [undefined, "", "   ", "n".repeat(121), 42]) {
      expect(paths(rejection(() => parseCreateAutomation({ name })))).toEqual(["name"]);
    }
  });

  it("creates only drafts and updates only to draft or live", () => {
    expect(parseCreateAutomation({ name: "x", status: "draft" }).name).toBe("x");
    expect(paths(rejection(() => parseCreateAutomation({ name: "x", status: "live" })))).toEqual([
      "status",
    ]);
    expect(parseUpdateAutomation({ status: "live" }).status).toBe("live");
    expect(paths(rejection(() => parseUpdateAutomation({ status: "paused" })))).toEqual(["status"]);
    expect(paths(rejection(() => parseUpdateAutomation({ status: null })))).toEqual(["status"]);
  });
});

describe("step ids", () => {
  it("generates unique ids for steps without one and keeps given ids", () => {
    const result = steps([
      delay("first"),
      { type: "delay", delayMinutes: 1 },
      { type: "delay", delayMinutes: 2 },
    ]);
    expect(result[0]!.id).toBe("first");
    expect(result[1]!.id).toMatch(/^step_[0-9A-Za-z]{12}$/);
    expect(new Set(result.map((s) => s.id)).size).toBe(3);
    const many = finalizeSteps(
      Array.from({ length: 200 }, () => ({ type: "delay" as const, delayMinutes: 1 })),
    );
    expect(new Set(many.map((s) => s.id)).size).toBe(200);
  });

  it("rejects duplicate ids with duplicate_step_ids on create and update", () => {
    const create = rejection(() => steps([delay("a"), delay("b"), delay("a")]));
    expect(create.code).toBe("duplicate_step_ids");
    expect(create.status).toBe(422);
    expect(paths(create)).toEqual(["steps.2.id"]);
    const update = rejection(() => parseUpdateAutomation({ steps: [delay("x"), delay("x")] }));
    expect(update.code).toBe("duplicate_step_ids");
  });

  it("rejects more than 200 steps", () => {
    const tooMany = Array.from({ length: 201 }, () => ({ type: "delay", delayMinutes: 1 }));
    expect(paths(rejection(() => steps(tooMany)))).toEqual(["steps"]);
  });
});

describe("pointer rules", () => {
  it("keeps forward pointers and null, drops backward, self and dangling ones", () => {
    const result = steps([
      delay("a", { next: "c" }), // forward: kept
      delay("b", { next: "a" }), // backward: dropped
      delay("c", { next: "c" }), // itself: dropped
      delay("d", { next: "nowhere" }), // dangling: dropped
      delay("e", { next: null }), // end of run: kept
      delay("f"),
    ]);
    expect(result.map((s) => ("next" in s ? s.next : "(falls through)"))).toEqual([
      "c",
      "(falls through)",
      "(falls through)",
      "(falls through)",
      null,
      "(falls through)",
    ]);
    expect(result[1]).not.toHaveProperty("next");
  });

  it("applies the same rules to branch targets", () => {
    const condition = { field: "data.plan", operator: "equals", value: "pro" };
    const [branch] = steps([
      { id: "b", type: "branch", branchCondition: condition, nextTrue: "z", nextFalse: "b" },
      delay("z"),
    ]);
    expect(branch).toMatchObject({ nextTrue: "z" });
    expect(branch).not.toHaveProperty("nextFalse");
    const [ends] = steps([
      { id: "b", type: "branch", branchCondition: condition, nextTrue: null, nextFalse: "gone" },
    ]);
    expect(ends).toMatchObject({ nextTrue: null });
    expect(ends).not.toHaveProperty("nextFalse");
  });

  it("rejects a pointer that is not a string or null", () => {
    expect(paths(rejection(() => steps([delay("a", { next: 3 })])))).toEqual(["steps.0.next"]);
  });
});

describe("step fields", () => {
  it("strips unknown fields and fields of other step types", () => {
    const [step] = steps([
      {
        id: "a",
        type: "delay",
        delayMinutes: 3,
        templateId: "tpl_x",
        color: "red",
        detail: "Wait a bit",
      },
    ]);
    expect(step).toEqual({ id: "a", type: "delay", delayMinutes: 3, detail: "Wait a bit" });
  });

  it("rejects unknown types and non-object steps with indexed paths", () => {
    const error = rejection(() => steps([delay("a"), { type: "sms" }, "email"]));
    expect(paths(error)).toEqual(["steps.1.type", "steps.2"]);
  });

  it("bounds delayMinutes to 1..525600 integers", () => {
    expect(steps([{ type: "delay", delayMinutes: 1 }])[0]).toMatchObject({ delayMinutes: 1 });
    expect(steps([{ type: "delay", delayMinutes: 525600 }])[0]).toMatchObject({
      delayMinutes: 525600,
    });
    for (const delayMinutes of [0, 525601, 1.5, "5", undefined]) {
      const error = rejection(() => steps([delay("a"), { type: "delay", delayMinutes }]));
      expect(error.status).toBe(422);
      expect(paths(error)).toEqual(["steps.1.delayMinutes"]);
    }
  });

  it("bounds waitTimeoutMinutes to 1..36000 and needs a waitEvent", () => {
    const wait = (waitTimeoutMinutes: unknown, waitEvent: unknown = "order.paid") => ({
      type: "wait",
      waitEvent,
      waitTimeoutMinutes,
    });
    expect(steps([wait(1)])[0]).toMatchObject({ waitTimeoutMinutes: 1, waitEvent: "order.paid" });
    expect(steps([wait(36000)])[0]).toMatchObject({ waitTimeoutMinutes: 36000 });
    for (const timeout of [0, 36001, 2.5]) {
      expect(paths(rejection(() => steps([wait(timeout)])))).toEqual([
        "steps.0.waitTimeoutMinutes",
      ]);
    }
    expect(paths(rejection(() => steps([wait(5, "")])))).toEqual(["steps.0.waitEvent"]);
    expect(paths(rejection(() => steps([wait(5, null)])))).toEqual(["steps.0.waitEvent"]);
  });

  it("needs a templateId on email steps", () => {
    expect(
      steps([{ type: "email", templateId: "tpl_1", subjectOverride: "Hi {{name}}" }])[0],
    ).toMatchObject({
      templateId: "tpl_1",
      subjectOverride: "Hi {{name}}",
    });
    expect(paths(rejection(() => steps([{ type: "email" }])))).toEqual(["steps.0.templateId"]);
    expect(paths(rejection(() => steps([{ type: "email", templateId: 7 }])))).toEqual([
      "steps.0.templateId",
    ]);
  });
});
