/**
 * Reference (a) for bench:send: a bare node:http handler doing the same database transaction as
 * POST /v1/send (email row, timeline row, delivery job) through the same driver, without the
 * framework, auth, validation or rendering.
 */
import { serveJson } from "./lib/json-server";
import { emailEvents, emails } from "@/db/schema";
import { openDatabase } from "@/db";
import { newId, randomBase62 } from "@/lib/core/ids";
import { PRIORITY } from "@/lib/core/jobs/priority";
import { deliverEmailJob } from "@/lib/sending/jobs";
import { readConfig } from "@/lib/core/config";
import { JobQueue } from "@/lib/core/jobs/queue";
import { queueOptions } from "@/lib/start/runtime";

async function main() {
  const projectId = process.env.BENCH_PROJECT_ID!;
  const databaseUrl = process.env.DATABASE_URL!;
  const handle = await openDatabase({ databaseUrl, poolSize: 10 });
  const jobs = new JobQueue(handle, {
    ...queueOptions(readConfig()),
    databaseUrl,
    supervise: false,
  });
  await jobs.start();
  serveJson(
    Number(process.env.PORT ?? 3211),
    async (body) => {
      const now = new Date();
      const id = newId("em", now.getTime());
      await handle.db.transaction(async (tx) => {
        await tx.insert(emails).values({
          id,
          projectId,
          type: "transactional",
          status: "sent",
          fromAddress: String(body.from),
          to: String(body.to),
          subject: String(body.subject),
          html: String(body.html),
          text: typeof body.text === "string" ? body.text : null,
          messageId: `<${id}@bench.test>`,
          trackingToken: randomBase62(32),
          createdAt: now,
          updatedAt: now,
        });
        await tx
          .insert(emailEvents)
          .values({ id: newId("eev"), projectId, emailId: id, type: "sent", createdAt: now });
        await jobs.enqueue(
          tx,
          deliverEmailJob,
          { emailId: id },
          { priority: PRIORITY.transactional },
        );
      });
      return { status: 200, body: { id, status: "sent", messageId: `<${id}@bench.test>` } };
    },
    async () => {
      await jobs.stop(1000);
      await handle.close();
    },
  );
}

void main();
