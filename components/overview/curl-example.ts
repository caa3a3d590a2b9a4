/** The first request a new user makes: add a contact with POST /api/v1/contacts. */
export function contactCurlExample(appUrl: string, keyPlaceholder = "sk_live_…") {
  return [
    `curl -X POST ${appUrl}/api/v1/contacts \\`,
    `  -H "Authorization: Bearer ${keyPlaceholder}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "email": "ada@example.com",`,
    `    "name": "Ada Lovelace",`,
    `    "data": { "plan": "pro" }`,
    `  }'`,
  ].join("\n");
}
