/**
 * The admin CLI commands Settings → General shows for a project, ready to paste: each one runs
 * as shown, while the server runs too (test/unit/cli/shown-commands.test.ts parses them, and
 * test/integration/cli/socket.test.ts runs them against a running server).
 */
export function projectCliCommands(projectId: string): string[] {
  return [
    `npm run admin -- create-key --project ${projectId} --mode live`,
    `npm run admin -- add-domain --project ${projectId} --domain mail.example.com`,
    // No --password: the CLI generates one and prints it once.
    `npm run admin -- create-user --email ada@example.com --role member --project ${projectId}`,
  ];
}
