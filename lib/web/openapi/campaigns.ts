import { CAMPAIGN_STATUSES } from "@/db/schema";
import { PageOf } from "@/lib/core/pagination";
import {
  CreateCampaignInput,
  ListCampaignsQuery,
  UpdateCampaignInput,
} from "@/lib/campaigns/schemas";
import { CampaignResponse, CampaignSendResponse } from "@/lib/campaigns/serialize";
import type { Operation } from "./operation";

const tag = "Campaigns";
// Sending a campaign that is not a draft names the status it is in (lib/campaigns/send.ts).
const notDraftCodes = CAMPAIGN_STATUSES.filter((s) => s !== "draft").map((s) => `campaign_${s}`);

export const campaignOperations: Operation[] = [
  {
    id: "createCampaign",
    method: "post",
    path: "/v1/campaigns",
    tag,
    summary: "Create a campaign",
    description:
      "A draft to everyone subscribed (`target: all`) or a segment. `from_email` must be on a verified domain; up to 3 alternate subjects (`variants`) with an optional `ab_test`; `scheduled_at` to send later.",
    body: CreateCampaignInput,
    codes: { 422: ["domain_not_verified"] },
    example: {
      body: {
        name: "June newsletter",
        subject: "What's new in June",
        from_name: "Acme",
        from_email: "news@acme.example",
        variables: { month: "June" },
      },
    },
    responses: { 201: { description: "Created (draft)", schema: CampaignResponse } },
  },
  {
    id: "listCampaigns",
    method: "get",
    path: "/v1/campaigns",
    tag,
    summary: "List campaigns",
    description: "Newest first, keyset-paged. Filter: `status`.",
    query: ListCampaignsQuery,
    example: { query: { status: "draft" } },
    responses: { 200: { description: "A page of campaigns", schema: PageOf(CampaignResponse) } },
  },
  {
    id: "getCampaign",
    method: "get",
    path: "/v1/campaigns/{id}",
    tag,
    summary: "Get a campaign",
    description:
      "With `stats` once it sends (null on a draft): counts, rates of delivered, and per variant.",
    responses: { 200: { description: "The campaign", schema: CampaignResponse } },
  },
  {
    id: "updateCampaign",
    method: "patch",
    path: "/v1/campaigns/{id}",
    tag,
    summary: "Update a draft campaign",
    description: "Drafts only: 409 once queued, sending or sent.",
    body: UpdateCampaignInput,
    codes: { 409: ["campaign_not_draft"] },
    example: { body: { subject: "What's new in June at Acme" } },
    responses: { 200: { description: "The updated campaign", schema: CampaignResponse } },
  },
  {
    id: "sendCampaign",
    method: "post",
    path: "/v1/campaigns/{id}/send",
    tag,
    summary: "Send a campaign",
    description:
      "With a worker: 202 and `queued: true` (a future `scheduled_at` waits until then). Without one it sends inline (at most 200 recipients): 200 with `sent`, `failed` and `queued` counts. A campaign that is not a draft answers 409 with its status in the code (`campaign_sent`).",
    codes: {
      403: ["test_key_campaign"],
      409: notDraftCodes,
      422: ["campaign_template_missing", "no_sender"],
    },
    responses: {
      200: { description: "Sent inline (no worker)", schema: CampaignSendResponse },
      202: { description: "Queued for the worker", schema: CampaignSendResponse },
    },
  },
  {
    id: "cancelCampaign",
    method: "post",
    path: "/v1/campaigns/{id}/cancel",
    tag,
    summary: "Cancel a queued or scheduled campaign",
    description: "Back to draft; 409 once it has started sending.",
    codes: { 409: ["campaign_not_queued"] },
    responses: { 200: { description: "The campaign, a draft again", schema: CampaignResponse } },
  },
  {
    id: "resumeCampaign",
    method: "post",
    path: "/v1/campaigns/{id}/resume",
    tag,
    summary: "Resume a paused campaign",
    description: "A campaign the deliverability circuit breaker paused sends again; 409 otherwise.",
    codes: { 409: ["campaign_not_paused"] },
    responses: { 200: { description: "The campaign, sending again", schema: CampaignResponse } },
  },
];
