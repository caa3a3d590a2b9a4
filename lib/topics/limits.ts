/** At most this many topic choices in one request or import row (zod-free: browsers import it). */
export const MAX_TOPIC_CHOICES = 200;
