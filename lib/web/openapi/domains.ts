import { PageOf, PageQuery } from "@/lib/core/pagination";
import { DeletedResponse } from "@/lib/core/serialize";
import { AddDomainInput } from "@/lib/domains/create";
import { DomainResponse } from "@/lib/domains/serialize";
import { UpdateDomainInput } from "@/lib/domains/update";
import type { Operation } from "./operation";

const tag = "Domains";

export const domainOperations: Operation[] = [
  {
    id: "addDomain",
    method: "post",
    path: "/v1/domains",
    tag,
    summary: "Add a sending domain",
    description:
      "A pending domain with a DKIM key pair and the DNS records to publish (DKIM is required; SPF, DMARC and the return-path records are suggested). Admin keys only.",
    body: AddDomainInput,
    codes: { 409: ["domain_exists"] },
    example: { body: { name: "news.acme.example" } },
    responses: { 201: { description: "Added", schema: DomainResponse } },
  },
  {
    id: "listDomains",
    method: "get",
    path: "/v1/domains",
    tag,
    summary: "List domains",
    description: "Newest first, keyset-paged.",
    query: PageQuery,
    example: { query: { limit: "10" } },
    responses: { 200: { description: "A page of domains", schema: PageOf(DomainResponse) } },
  },
  {
    id: "getDomain",
    method: "get",
    path: "/v1/domains/{id}",
    tag,
    summary: "Get a domain",
    description: "With its DNS records and each one's last checked status.",
    responses: { 200: { description: "The domain", schema: DomainResponse } },
  },
  {
    id: "updateDomain",
    method: "patch",
    path: "/v1/domains/{id}",
    tag,
    summary: "Update a domain's tracking and receiving",
    description:
      "`open_tracking` and `click_tracking` for the emails sent from it; `receiving` to accept email for any address at it (DECISIONS §16): its `records` then include the domain's own MX (`inbound_mx`), and the messages become received emails. Receiving needs a verified domain (422 `domain_not_verified`) that no other project receives at (409 `domain_receiving_taken`).",
    body: UpdateDomainInput,
    codes: { 409: ["domain_receiving_taken"], 422: ["domain_not_verified"] },
    example: { body: { open_tracking: false } },
    responses: { 200: { description: "The updated domain", schema: DomainResponse } },
  },
  {
    id: "deleteDomain",
    method: "delete",
    path: "/v1/domains/{id}",
    tag,
    summary: "Delete a domain",
    description: "Emails can no longer be sent from it.",
    responses: { 200: { description: "Deleted", schema: DeletedResponse } },
  },
  {
    id: "verifyDomain",
    method: "post",
    path: "/v1/domains/{id}/verify",
    tag,
    summary: "Check a domain's DNS records",
    description: "Looks the records up now; the domain is verified once its DKIM record is found.",
    responses: {
      200: { description: "The domain with each record's status", schema: DomainResponse },
    },
  },
];
