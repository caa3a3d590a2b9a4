/**
 * The anchor attribute that keeps a link out of click tracking (DECISIONS §8): the unsubscribe
 * link carries it, and so do the links of a template block whose author turned tracking off.
 * One name for the templates that write it and the instrumenter that honours it.
 */
export const NO_TRACK_ATTRIBUTE = "data-mw-no-track";
