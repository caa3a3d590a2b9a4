import { z } from "zod";
import { EMAIL_STATUSES, EMAIL_TYPES } from "@/db/schema";
import { PageQuery } from "../pagination";

export const ListEmailsQuery = PageQuery.extend({
  status: z
    .enum(EMAIL_STATUSES, { error: `must be one of ${EMAIL_STATUSES.join(", ")}` })
    .optional(),
  type: z.enum(EMAIL_TYPES, { error: `must be one of ${EMAIL_TYPES.join(", ")}` }).optional(),
});
