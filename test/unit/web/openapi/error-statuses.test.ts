import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/web/openapi/document";

/** Error statuses the contract run (npm run test:contract) showed the document got wrong. */
describe("documented error statuses", () => {
  const document = buildOpenApiDocument({ serverUrl: "http://localhost:3000" });
  const responses = (path: string, method: string) =>
    Object.keys((document.paths[path]![method] as { responses: object }).responses);

  it("the contact import streams its file: no 413 documented", () => {
    expect(responses("/v1/contacts/import", "post")).not.toContain("413");
    expect(responses("/v1/contacts/import/check", "post")).not.toContain("413");
    expect(responses("/v1/contacts/import", "post")).toContain("422");
  });

  it("a JSON body keeps its 400 and 413", () => {
    expect(responses("/v1/contacts", "post")).toEqual(expect.arrayContaining(["400", "413"]));
  });
});
