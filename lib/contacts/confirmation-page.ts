import { hostedIcon, hostedPage } from "@/lib/core/http/hosted-page";
import { escapeHtml } from "@/lib/core/html/entities";
import { CONFIRMATION_VALIDITY_DAYS } from "./double-opt-in";

const TITLE = "Confirm your subscription";

/** The hosted double opt-in page: confirm (GET), done (POST), or an invalid link (404). */
export function confirmationPage(
  state: "confirm" | "done" | "invalid",
  target: { email: string; projectName: string } | null,
): Response {
  if (state === "invalid" || !target) {
    return hostedPage(
      TITLE,
      `${hostedIcon("alert", "warn")}<h1>This link is invalid, expired or was already used</h1><p>If you already confirmed, you're all set. Links work for ${CONFIRMATION_VALIDITY_DAYS} days: sign up again for a new one.</p>`,
      404,
    );
  }
  const who = `<strong>${escapeHtml(target.email)}</strong>`;
  const from = escapeHtml(target.projectName);
  return hostedPage(
    TITLE,
    state === "done"
      ? `${hostedIcon("check", "done")}<h1>You're subscribed to ${from}</h1><p>Thanks for confirming: ${who} will get emails from ${from}.</p>`
      : `${hostedIcon("mail")}<h1>Confirm your subscription</h1><p>Confirm that ${who} wants to get emails from ${from}.</p><form method="post"><button type="submit">Confirm subscription</button></form>`,
    200,
    { projectName: target.projectName },
  );
}
