import { expect } from "vitest";
import type { TestApp } from "./app";

/** Creates (through the API) an automation of one email step sending the system welcome template. */
export async function createEmailAutomation(app: TestApp, key: string, name: string) {
  const response = await app.api("/v1/automations", {
    method: "POST",
    key,
    body: { name, steps: [{ id: "mail", type: "email", templateId: "tpl_system_welcome" }] },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}
