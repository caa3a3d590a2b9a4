/**
 * Names of the contact events an unsubscribe or resubscribe through an email's link records (the
 * events log shows them). The contact's timeline shows the same change from its subscription
 * history instead, which also names the email, so it leaves these events out.
 */
export const SUBSCRIPTION_EVENTS = {
  unsubscribed: "contact.unsubscribed",
  resubscribed: "contact.resubscribed",
} as const;
