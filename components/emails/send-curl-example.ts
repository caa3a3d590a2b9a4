/** The first send: POST /api/v1/send with a test key, from the project's verified domain. */
export function sendCurlExample(appUrl: string, from: string) {
  return [
    `curl -X POST ${appUrl}/api/v1/send \\`,
    `  -H "Authorization: Bearer sk_test_…" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{`,
    `    "from": "${from}",`,
    `    "to": "user@example.com",`,
    `    "subject": "Hello from Mailwright",`,
    `    "html": "<p>It works!</p>"`,
    `  }'`,
  ].join("\n");
}
