import { z } from "zod";
import { defineJob } from "@/lib/core/jobs/kind";

/** Imports an uploaded contact file (upload.ts enqueues it); handled by `processContactImport`. */
export const importContactsJob = defineJob({
  name: "contact-import",
  payload: z.object({ importId: z.string() }),
});
