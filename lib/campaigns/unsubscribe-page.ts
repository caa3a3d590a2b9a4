import { hostedPage } from "../http/hosted-page";
import { escapeHtml } from "../templates/variables";
import type { UnsubscribeTarget } from "./unsubscribe";

/** The hosted unsubscribe page: confirm (GET), done (POST), or an invalid link (404). */
export function unsubscribePage(
  state: "confirm" | "done" | "invalid",
  target: UnsubscribeTarget | null,
): Response {
  const who = target ? `<strong>${escapeHtml(target.address)}</strong>` : "";
  const from = target ? escapeHtml(target.projectName) : "";
  if (state === "invalid" || !target) {
    return hostedPage(
      "Unsubscribe",
      "<h1>This link is invalid</h1><p>It may have been copied incompletely. Use the unsubscribe link in the email again.</p>",
      404,
    );
  }
  return hostedPage(
    "Unsubscribe",
    state === "done"
      ? `<h1>You're unsubscribed</h1><p>${who} will no longer get marketing emails from ${from}. Emails you ask for, such as receipts, still arrive.</p>`
      : `<h1>Unsubscribe?</h1><p>Stop marketing emails from ${from} to ${who}.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}
