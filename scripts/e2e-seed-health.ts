/**
 * For e2e/template-in-use.spec.ts: a project with a live automation whose runs failed (stored
 * directly: failures cannot be produced through the API now that a template in use cannot be
 * deleted), made before the server starts (PGlite is single-process).
 */
import { addMembership } from "@/lib/users/users";
import { createAutomation } from "@/lib/automations/create";
import { updateAutomation } from "@/lib/automations/update";
import { serviceContext } from "@/lib/core/context";
import { createProject } from "@/lib/projects/create";
import type { Runtime } from "@/lib/core/runtime";

const HEALTH_PROJECT = "Health Lab";
const FAILURE = "Template tpl_01kt1gw6g0vatpc8 no longer exists.";

export async function seedFailedRuns(runtime: Runtime, userId: string, at: Date) {
  const { project } = await createProject(
    runtime.db,
    { name: HEALTH_PROJECT, domain: "health.test", verified: true },
    at,
  );
  await addMembership(runtime.db, { userId, projectId: project.id, role: "admin" });
  const ctx = serviceContext(runtime, project.id);
  const automation = await createAutomation(ctx, {
    name: "Welcome series",
    trigger: { event: "event", name: "signed_up" },
    steps: [{ id: "welcome", type: "email", templateId: "tpl_system_welcome" }],
  });
  await updateAutomation(ctx, automation.id, { status: "live" });
  // Three runs sent their email; the last two failed on it.
  const finished = new Date(runtime.clock.now().getTime() - 3 * 3600_000).toISOString();
  await runtime.handle.query(
    `insert into automation_runs (id, project_id, automation_id, status, error, steps_executed, created_at, updated_at, finished_at)
     select 'run_health' || g, $1, $2, case when g > 3 then 'failed' else 'completed' end,
            case when g > 3 then $3 end, 1, $4::timestamptz + g * interval '1 minute',
            $4::timestamptz + g * interval '1 minute', $4::timestamptz + g * interval '1 minute'
     from generate_series(1, 5) g`,
    [project.id, automation.id, FAILURE, finished],
  );
  await runtime.handle.query(
    `insert into automation_step_runs (id, project_id, automation_id, run_id, step_id, step_type, execution_key, started_at, finished_at, outcome, error)
     select 'srn_health' || g, $1, $2, 'run_health' || g, 'welcome', 'email', 'welcome:1',
            $4::timestamptz + g * interval '1 minute', $4::timestamptz + g * interval '1 minute',
            case when g > 3 then 'failed' else 'sent' end, case when g > 3 then $3 end
     from generate_series(1, 5) g`,
    [project.id, automation.id, FAILURE, finished],
  );
  return { projectName: HEALTH_PROJECT, automationId: automation.id, error: FAILURE };
}
