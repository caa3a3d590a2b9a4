import { hostedIcon, hostedPage } from "@/lib/core/http/hosted-page";
import { escapeHtml } from "@/lib/core/html/entities";
import type { UnsubscribeTarget } from "./unsubscribe";

/** What the page's forms post besides the token: which way the subscription should go. */
export const RESUBSCRIBE_FIELD = { name: "action", value: "resubscribe" } as const;

export type UnsubscribePageState = "confirm" | "done" | "resubscribed" | "invalid" | "refused";

const TITLE = "Email preferences";

/**
 * The hosted unsubscribe page: confirm (GET while subscribed), done (after unsubscribing, or GET
 * when already out: offers "Resubscribe"), resubscribed, an invalid link (404), or a refused
 * cross-site resubscribe (403). Every form posts back to the same address with the same token.
 */
export function unsubscribePage(
  state: UnsubscribePageState,
  target: UnsubscribeTarget | null,
): Response {
  if (state === "refused") {
    return hostedPage(
      TITLE,
      `${hostedIcon("alert", "warn")}<h1>Nothing was changed</h1><p>This request did not come from this page. Open the link from your email again to change your subscription.</p>`,
      403,
    );
  }
  if (state === "invalid" || !target) {
    return hostedPage(
      TITLE,
      `${hostedIcon("alert", "warn")}<h1>This link is invalid</h1><p>It may have been copied incompletely. Use the unsubscribe link in the email again.</p>`,
      404,
    );
  }
  const who = `<strong>${escapeHtml(target.address)}</strong>`;
  const from = escapeHtml(target.projectName);
  const options = { projectName: target.projectName };
  if (state === "confirm") {
    return hostedPage(
      TITLE,
      `${hostedIcon("mail")}<h1>Unsubscribe from ${from}?</h1><p>${who} will stop getting marketing emails from ${from}.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
      200,
      options,
    );
  }
  if (state === "resubscribed") {
    return hostedPage(
      TITLE,
      `${hostedIcon("check", "done")}<h1>You're subscribed to ${from} again</h1><p>${who} will get emails from ${from} again. Thanks for staying.</p><div class="aside"><p>Changed your mind again?</p><form method="post"><button type="submit" class="secondary">Unsubscribe</button></form></div>`,
      200,
      options,
    );
  }
  return hostedPage(
    TITLE,
    `${hostedIcon("check", "done")}<h1>You're unsubscribed from ${from}</h1><p>${who} will no longer get marketing emails from ${from}. Emails you ask for, such as receipts, still arrive.</p><div class="aside"><p>Unsubscribed by mistake?</p><form method="post"><input type="hidden" name="${RESUBSCRIBE_FIELD.name}" value="${RESUBSCRIBE_FIELD.value}"><button type="submit" class="secondary">Resubscribe</button></form></div>`,
    200,
    options,
  );
}
