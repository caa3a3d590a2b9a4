/**
 * Requests Portman cannot make (its overwrites and fuzzing keep a body valid JSON): for each
 * operation with a JSON body, one that is not JSON (400 invalid_json) and one over the 10 MiB
 * limit (413 payload_too_large), and a CSV import without an email column (422), as Postman items newman runs
 * with the rest of the collection.
 */
type Document = {
  paths: Record<string, Record<string, { operationId: string; requestBody?: { content: object } }>>;
};

const MIB = 1024 * 1024;

export function brokenBodyFolder(document: Document, variables: Record<string, string>) {
  const items = [];
  for (const [template, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (!op.requestBody || !("application/json" in op.requestBody.content)) continue;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === "id" ? "zz_any" : name,
      );
      for (const [status, code, raw] of [
        [400, "invalid_json", '{"name": '],
        [413, "payload_too_large", JSON.stringify({ pad: "x".repeat(10 * MIB + 1) })],
      ] as const)
        items.push(
          item(
            op.operationId,
            method.toUpperCase(),
            path,
            status,
            code,
            raw,
            "application/json",
            variables,
          ),
        );
    }
  // The import's CSV without an email column (it is streamed: no size limit, so no 413).
  for (const [operationId, path] of [
    ["importContacts", "/v1/contacts/import"],
    ["checkContactImport", "/v1/contacts/import/check"],
  ] as const)
    items.push(
      item(
        operationId,
        "POST",
        path,
        422,
        "validation_error",
        "name\nAna\n",
        "text/csv",
        variables,
      ),
    );
  return { name: "Broken bodies", item: items };
}

function item(
  operationId: string,
  method: string,
  path: string,
  status: number,
  code: string,
  raw: string,
  contentType: string,
  variables: Record<string, string>,
) {
  return {
    name: `${operationId} ${status}`,
    request: {
      method,
      url: `{{baseUrl}}${path}`,
      header: [
        { key: "Content-Type", value: contentType },
        { key: "Authorization", value: `Bearer ${variables.bearerToken}` },
      ],
      body: { mode: "raw", raw },
    },
    event: [
      {
        listen: "test",
        script: {
          type: "text/javascript",
          exec: [
            `pm.test("[${operationId}] ${status} ${code}", function () {`,
            `  pm.response.to.have.status(${status});`,
            `  pm.expect(pm.response.json().error.code).to.eql("${code}");`,
            `});`,
          ],
        },
      },
    ],
  };
}
