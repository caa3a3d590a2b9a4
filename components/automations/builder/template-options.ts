/** A template the email step can send: own or from the gallery. */
export type TemplateOption = {
  id: string;
  name: string;
  subject: string;
  category: string;
  system: boolean;
};
