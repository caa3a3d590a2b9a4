/**
 * Queue priorities (higher first). Email deliveries share one queue so the ordering applies
 * across the kinds of email: transactional before automation before campaign.
 */
export const PRIORITY = { transactional: 30, automation: 20, campaign: 10, webhook: 25 } as const;
