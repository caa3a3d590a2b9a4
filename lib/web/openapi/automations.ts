import { PageOf } from "@/lib/core/pagination";
import {
  CreateAutomationInput,
  ListAutomationsQuery,
  ListRunsQuery,
  UpdateAutomationInput,
} from "@/lib/automations/schemas";
import { AutomationResponse, RunDetailResponse, RunResponse } from "@/lib/automations/serialize";
import { DeletedResponse } from "@/lib/core/serialize";
import type { Operation } from "./operation";

const tag = "Automations";

export const automationOperations: Operation[] = [
  {
    id: "createAutomation",
    method: "post",
    path: "/v1/automations",
    tag,
    summary: "Create an automation",
    description:
      "Always a draft (PATCH `status: live` to start it). A trigger (`contact.subscribed`, or an event by name) and steps: email, delay, wait, branch, action. Step ids and pointers are checked (422).",
    body: CreateAutomationInput,
    codes: { 422: ["duplicate_step_ids"] },
    example: {
      body: {
        name: "Onboarding",
        trigger: { event: "event", name: "user.signed_up" },
        steps: [{ type: "delay", delayMinutes: 60 }],
      },
    },
    responses: { 201: { description: "Created (draft)", schema: AutomationResponse } },
  },
  {
    id: "listAutomations",
    method: "get",
    path: "/v1/automations",
    tag,
    summary: "List automations",
    description: "Newest first, keyset-paged. Filter: `status`.",
    query: ListAutomationsQuery,
    example: { query: { status: "draft" } },
    responses: {
      200: { description: "A page of automations", schema: PageOf(AutomationResponse) },
    },
  },
  {
    id: "getAutomation",
    method: "get",
    path: "/v1/automations/{id}",
    tag,
    summary: "Get an automation",
    description: "With live `stats`: runs by status, per step entered/completed/failed/waiting.",
    responses: { 200: { description: "The automation", schema: AutomationResponse } },
  },
  {
    id: "updateAutomation",
    method: "patch",
    path: "/v1/automations/{id}",
    tag,
    summary: "Update an automation",
    description:
      "`name`, `trigger`, `steps`, `status` (draft or live); going live or back pauses/resumes its runs.",
    body: UpdateAutomationInput,
    example: { body: { name: "Onboarding v2" } },
    responses: { 200: { description: "The updated automation", schema: AutomationResponse } },
  },
  {
    id: "deleteAutomation",
    method: "delete",
    path: "/v1/automations/{id}",
    tag,
    summary: "Delete an automation",
    description: "Its runs are deleted with it.",
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "resumeAutomation",
    method: "post",
    path: "/v1/automations/{id}/resume",
    tag,
    summary: "Resume a paused automation",
    description:
      "An automation the deliverability circuit breaker paused goes live again; 409 otherwise.",
    codes: { 409: ["automation_not_paused"] },
    responses: { 200: { description: "The automation, live again", schema: AutomationResponse } },
  },
  {
    id: "listAutomationRuns",
    method: "get",
    path: "/v1/automations/{id}/runs",
    tag,
    summary: "List an automation's runs",
    description: "Newest first, keyset-paged. Filter: `status`.",
    query: ListRunsQuery,
    example: { query: { limit: "10" } },
    responses: { 200: { description: "A page of runs", schema: PageOf(RunResponse) } },
  },
  {
    id: "getAutomationRun",
    method: "get",
    path: "/v1/automations/{id}/runs/{runId}",
    tag,
    summary: "Get a run",
    description: "The run and its step history.",
    responses: { 200: { description: "The run", schema: RunDetailResponse } },
  },
];
