import type { Email, EmailTag } from "@/db/schema";

/**
 * Emails the instance sends about accounts (a password reset, an invitation) go out through a
 * project's pipeline and are listed in its Emails log like any other. Their links are credentials
 * for someone else's account, and every member and API key of the project can read the log: so
 * they carry this tag, and wherever an email's content is shown, their one-time links are masked.
 */
export const ACCOUNT_EMAIL_TAG = "mailwright_account";
export type AccountEmailKind = "password_reset" | "invitation";

export function accountEmailTag(kind: AccountEmailKind): EmailTag {
  return { name: ACCOUNT_EMAIL_TAG, value: kind };
}

export function isAccountEmail(email: Pick<Email, "tags">): boolean {
  return email.tags.some((tag) => tag.name === ACCOUNT_EMAIL_TAG);
}

// The token part of /reset-password/<token> and /invite/<token> (base62).
const ONE_TIME_LINK = /(\/(?:reset-password|invite)\/)[0-9A-Za-z]+/g;
export const MASKED_TOKEN = "…";

/** The content as the log shows it: an account email's one-time links lose their token. */
export function maskAccountLinks<T extends string | null>(
  email: Pick<Email, "tags">,
  content: T,
): T {
  if (content === null || !isAccountEmail(email)) return content;
  return content.replace(ONE_TIME_LINK, `$1${MASKED_TOKEN}`) as T;
}
