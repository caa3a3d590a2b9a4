/**
 * The anchor attribute that keeps a link out of click tracking (DECISIONS §8): the links of a
 * template block whose author turned tracking off carry it, as may any link in an HTML template.
 * One name for the templates that write it and the instrumenter that honours it.
 */
export const NO_TRACK_ATTRIBUTE = "data-mw-no-track";
