import { hostedIcon, hostedPage } from "@/lib/core/http/hosted-page";
import { escapeHtml } from "@/lib/core/html/entities";
import type { PreferenceTarget } from "./unsubscribe";

/** The form's fields (DECISIONS §13): `action`, and `topic_<id>=on` per checked topic. */
export const PREFERENCE_FORM = {
  action: "action",
  save: "save",
  unsubscribeAll: "unsubscribe_all",
  resubscribe: "resubscribe",
  topicPrefix: "topic_",
} as const;

/** What just happened, said above the form. */
export type PreferenceNotice = "none" | "saved" | "left_topic" | "resubscribed";

const TITLE = "Email preferences";

/** A link that names no email (404), or a cross-site form that would change choices (403). */
export function preferenceErrorPage(kind: "invalid" | "refused"): Response {
  if (kind === "refused") {
    return hostedPage(
      TITLE,
      `${hostedIcon("alert", "warn")}<h1>Nothing was changed</h1><p>This request did not come from this page. Open the link from your email again to change your subscription.</p>`,
      403,
    );
  }
  return hostedPage(
    TITLE,
    `${hostedIcon("alert", "warn")}<h1>This link is invalid</h1><p>It may have been copied incompletely. Use the unsubscribe link in the email again.</p>`,
    404,
  );
}

/**
 * The preference center behind every unsubscribe link: the project's public topics with a
 * checkbox each and "Unsubscribe from everything", in one form that posts back to the same
 * address (no script: it works in any browser and on a phone). A contact that left everything
 * sees that, and a Resubscribe button instead.
 */
export function preferencePage(target: PreferenceTarget, notice: PreferenceNotice): Response {
  const from = escapeHtml(target.projectName);
  const who = `<strong>${escapeHtml(target.address)}</strong>`;
  const options = { projectName: target.projectName };
  if (!target.subscribed) {
    return hostedPage(
      TITLE,
      `${hostedIcon("check", "done")}<h1>You're unsubscribed from ${from}</h1><p>${who} will no longer get marketing emails from ${from}. Emails you ask for, such as receipts, still arrive.</p><div class="aside"><p>Unsubscribed by mistake?</p><form method="post"><input type="hidden" name="${PREFERENCE_FORM.action}" value="${PREFERENCE_FORM.resubscribe}"><button type="submit" class="secondary">Resubscribe</button></form></div>`,
      200,
      options,
    );
  }
  if (target.topics.length === 0) {
    const heading =
      notice === "resubscribed"
        ? `<h1>You're subscribed to ${from} again</h1><p>${who} will get emails from ${from} again. Thanks for staying.</p>`
        : `<h1>Unsubscribe from ${from}?</h1><p>${who} will stop getting marketing emails from ${from}.</p>`;
    return hostedPage(
      TITLE,
      `${hostedIcon(notice === "resubscribed" ? "check" : "mail", notice === "resubscribed" ? "done" : "")}${heading}<form method="post"><button type="submit" name="${PREFERENCE_FORM.action}" value="${PREFERENCE_FORM.unsubscribeAll}"${notice === "resubscribed" ? ' class="secondary"' : ""}>Unsubscribe</button></form>`,
      200,
      options,
    );
  }
  return hostedPage(
    TITLE,
    `${noticeBanner(target, notice)}<h1>Choose what ${from} sends you</h1><p>Emails to ${who}. Untick what you'd rather not get.</p><form method="post"><fieldset class="topics"><legend>Topics</legend>${target.topics.map(topicOption).join("")}</fieldset><button type="submit" name="${PREFERENCE_FORM.action}" value="${PREFERENCE_FORM.save}">Save preferences</button><div class="aside"><p>Don't want any marketing email from ${from}?</p><button type="submit" class="secondary" name="${PREFERENCE_FORM.action}" value="${PREFERENCE_FORM.unsubscribeAll}">Unsubscribe from everything</button></div></form>`,
    200,
    options,
  );
}

function noticeBanner(target: PreferenceTarget, notice: PreferenceNotice): string {
  const text =
    notice === "saved"
      ? "Your preferences are saved."
      : notice === "left_topic" && target.topic
        ? `You're unsubscribed from ${escapeHtml(target.topic.name)}.`
        : notice === "resubscribed"
          ? "You're subscribed again."
          : null;
  return text ? `<div class="notice" role="status">${text}</div>` : "";
}

function topicOption(topic: PreferenceTarget["topics"][number]): string {
  const id = `${PREFERENCE_FORM.topicPrefix}${topic.id}`;
  const checked = topic.subscription === "opt_in" ? " checked" : "";
  const description = topic.description
    ? `<span class="hint">${escapeHtml(topic.description)}</span>`
    : "";
  return `<label class="topic" for="${escapeHtml(id)}"><input type="checkbox" id="${escapeHtml(id)}" name="${escapeHtml(id)}"${checked}><span><span class="name">${escapeHtml(topic.name)}</span>${description}</span></label>`;
}
