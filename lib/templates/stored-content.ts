import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db";
import { emailContents, type Email } from "@/db/schema";
import type { TtlCache } from "@/lib/core/ttl-cache";
import { compileTemplate, type CompiledTemplate } from "./compiled";
import type { RenderableTemplate } from "./render";
import { lookupVariable, type Variables } from "./variables";

/**
 * A template-built email stores what it was rendered from, not the rendering: its content (the
 * template as sent, once for all the emails of a campaign or a template version: email_contents)
 * and the values of its recipient's variables that the content reads. Its body is rendered again
 * from those when it is delivered or shown, the same function of the same inputs, so what the log
 * shows is what was sent. A campaign's 20 KiB newsletter stored for each of a million recipients
 * was most of what its fan-out wrote (docs/decisions/0061).
 */
export type EmailContent = {
  format: RenderableTemplate["format"];
  /** The source as sent: the marketing footer, when one was added, included. */
  source: string;
  previewText: string;
  lang: string;
};

/** Names a content by what it is: the same template version sent again is the same row. */
export function emailContentId(content: EmailContent): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([content.format, content.source, content.previewText, content.lang]))
    .digest("base64url");
  return `ctn_${digest.slice(0, 32)}`;
}

/** Records contents (once each: rows are never changed) in the caller's transaction. */
export async function storeEmailContents(
  tx: Executor,
  projectId: string,
  contents: ReadonlyMap<string, EmailContent>,
) {
  if (contents.size === 0) return;
  await tx
    .insert(emailContents)
    .values([...contents].map(([id, content]) => ({ id, projectId, ...content })))
    .onConflictDoNothing();
}

/**
 * The values at `paths` (`data.plan`, `first_name`) and nothing else: what an email keeps of its
 * recipient's variables (a contact's every custom field, an event's whole payload, are not
 * copied into each email for the one or two values its template reads). Reading any of the paths
 * from the result gives what it gives from `variables`.
 */
export function pickVariables(variables: Variables, paths: readonly string[]): Variables {
  const picked: Variables = {};
  // Objects made here to hold a deeper value; any other object in `picked` is a value taken
  // whole, which holds every deeper path already (and must not be written into).
  const made = new WeakSet<object>([picked]);
  for (const path of paths) {
    const value = lookupVariable(variables, path);
    if (value === undefined) continue;
    const keys = path.split(".");
    let into: Variables | undefined = picked;
    for (const key of keys.slice(0, -1)) {
      const next: unknown = into[key];
      if (next === undefined) {
        const holder: Variables = {};
        made.add(holder);
        into[key] = holder;
        into = holder;
      } else if (typeof next === "object" && next !== null && made.has(next)) {
        into = next as Variables;
      } else {
        into = undefined;
        break;
      }
    }
    if (into) into[keys.at(-1)!] = value;
  }
  return picked;
}

export type StoredBodyDeps = {
  db: Executor;
  caches: { compiledTemplates: TtlCache<CompiledTemplate> };
};

/**
 * An email's HTML and text: as stored, or rendered from its content and variables (the text it
 * was sent with, when the send gave its own, stays stored). Nothing once retention removed the
 * content.
 */
export async function emailBody(
  deps: StoredBodyDeps,
  email: Pick<
    Email,
    "projectId" | "html" | "text" | "subject" | "contentId" | "variables" | "contentRemovedAt"
  >,
): Promise<{ html: string | null; text: string | null }> {
  if (!email.contentId || email.contentRemovedAt) return { html: email.html, text: email.text };
  const compiled = await compiledContent(deps, email.projectId, email.contentId);
  const rendered = await compiled.render(email.variables ?? {}, {
    renderedSubject: email.subject,
  });
  return { html: rendered.html, text: email.text ?? rendered.text };
}

/** A content compiled once per process (contents never change: the cache only bounds memory). */
function compiledContent(deps: StoredBodyDeps, projectId: string, contentId: string) {
  return deps.caches.compiledTemplates.get(`content:${projectId}:${contentId}`, async () => {
    const [content] = await deps.db
      .select()
      .from(emailContents)
      .where(and(eq(emailContents.projectId, projectId), eq(emailContents.id, contentId)));
    if (!content) throw new Error(`email content ${contentId} is gone`);
    return compileTemplate(
      { format: content.format, source: content.source, subject: "" },
      { previewText: content.previewText, lang: content.lang },
    );
  });
}
