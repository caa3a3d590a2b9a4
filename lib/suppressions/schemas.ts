import { z } from "zod";
import { SUPPRESSION_REASONS } from "@/db/schema";
import { PageQuery } from "@/lib/core/pagination";
import { EmailAddress } from "@/lib/core/validation";

export const CreateSuppressionInput = z.object({
  email: EmailAddress,
  reason: z
    .enum(SUPPRESSION_REASONS, { error: `must be one of ${SUPPRESSION_REASONS.join(", ")}` })
    .default("manual"),
});
export type CreateSuppressionInput = z.input<typeof CreateSuppressionInput>;

export const ListSuppressionsQuery = PageQuery;
