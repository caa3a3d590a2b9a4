import type { Block } from "../blocks";

export type SystemTemplate = {
  id: string;
  name: string;
  category: string;
  subject: string;
  description: string;
  blocks: Block[];
};

// Filled by the gallery modules (one file per template).
export const SYSTEM_TEMPLATES: SystemTemplate[] = [];
