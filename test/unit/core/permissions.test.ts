import { describe, expect, it } from "vitest";
import { ForbiddenError } from "@/lib/core/errors";
import { authorize, can, PERMISSIONS, type Permission } from "@/lib/core/permissions";

describe("permissions (DECISIONS §11)", () => {
  const all = Object.keys(PERMISSIONS) as Permission[];

  it("gives admins everything and members none of the admin-only areas", () => {
    expect(all.sort()).toEqual([
      "api_keys.manage",
      "delivery.manage",
      "domains.manage",
      "members.manage",
      "projects.create",
      "projects.delete",
      "settings.manage",
      "webhooks.manage",
    ]);
    for (const permission of all) {
      expect(can("admin", permission)).toBe(true);
      expect(can("member", permission)).toBe(false);
    }
  });

  it("refuses with a 403 forbidden that says who may", () => {
    expect(() => authorize({ role: "admin" }, "webhooks.manage")).not.toThrow();
    let error: unknown;
    try {
      authorize({ role: "member" }, "webhooks.manage");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({
      status: 403,
      code: "forbidden",
      message: "Only an admin can manage webhooks and their secrets.",
    });
  });
});
