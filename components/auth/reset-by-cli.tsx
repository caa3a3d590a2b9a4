import { CodeBlock } from "../ui/code-block";

/**
 * The operator's way to set a password (DECISIONS §12), when no reset email can come. On three
 * lines (shell continuations), so it reads whole in a phone-sized card and still pastes as one.
 */
export const RESET_PASSWORD_COMMAND = [
  "npm run admin -- reset-password \\",
  "  --email you@company.com \\",
  "  --password 'new-password'",
].join("\n");

export function ResetByCli({ className }: { className?: string }) {
  return <CodeBlock code={RESET_PASSWORD_COMMAND} label="On the server" className={className} />;
}
