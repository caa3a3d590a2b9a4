import type { Block, Theme } from "../blocks";
import type { TemplateCategory } from "../categories";
import type { SampleContext } from "../sample-values";
import { announcementLaunch } from "./announcement-launch";
import { eventInvitation } from "./event-invitation";
import { magicLink } from "./magic-link";
import { newsletterDigest } from "./newsletter-digest";
import { passwordReset } from "./password-reset";
import { personalNote } from "./personal-note";
import { promoSale } from "./promo-sale";
import { receipt } from "./receipt";
import { verifyEmail } from "./verify-email";
import { weMissYou } from "./we-miss-you";
import { welcome } from "./welcome";

export type SystemTemplate = {
  id: string;
  name: string;
  category: TemplateCategory;
  subject: string;
  description: string;
  blocks: Block[];
  theme?: Theme;
  /**
   * What previews fill the template's own `data.*` placeholders with: an email as a sender would
   * send it (an order number, a total, a date), where a fallback only covers a value a real send
   * left out ("—"). Links and images need none: previews point them at example.com and at the
   * pictures the app ships (sample-values.ts). Never used in a real send.
   */
  samples: Record<string, string>;
};

/** The built-in gallery, in display order (lists are newest first; system.ts dates them so). */
export const SYSTEM_TEMPLATES: SystemTemplate[] = [
  welcome,
  verifyEmail,
  magicLink,
  passwordReset,
  receipt,
  newsletterDigest,
  announcementLaunch,
  eventInvitation,
  promoSale,
  weMissYou,
  personalNote,
];

/**
 * What a dashboard preview renders a template with beyond sample-values.ts's own guesses: a
 * gallery template's samples, the project's name, and the public URL the sample pictures are
 * served from. Other templates have no samples of their own.
 */
export function previewSampleContext(
  templateId: string,
  { projectName, publicUrl }: { projectName?: string; publicUrl: string },
): SampleContext {
  const own = SYSTEM_TEMPLATES.find((t) => t.id === templateId)?.samples ?? {};
  return { known: { ...own, ...(projectName && { project_name: projectName }) }, publicUrl };
}
