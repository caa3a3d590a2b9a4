import type { Block, Theme } from "../blocks";
import type { TemplateCategory } from "../categories";
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
