/**
 * Scalar's light theme in the dashboard's palette: Inter (the app's own font file, not Scalar's
 * hosted one), zinc greys, the indigo accent; the sidebar sits under the page's header.
 */
export const MAILWRIGHT_SCALAR_CSS = `
.light-mode {
  --scalar-font: var(--font-inter), ui-sans-serif, system-ui, sans-serif;
  --scalar-font-code: ui-monospace, "SFMono-Regular", "JetBrains Mono", Menlo, Consolas, monospace;
  --scalar-color-1: #18181b;
  --scalar-color-2: #52525b;
  --scalar-color-3: #71717a;
  --scalar-color-accent: #4f46e5;
  --scalar-background-1: #ffffff;
  --scalar-background-2: #fafafa;
  --scalar-background-3: #f4f4f5;
  --scalar-background-accent: #eef2ff;
  --scalar-border-color: #e4e4e7;
}
.light-mode .t-doc__sidebar {
  --scalar-sidebar-background-1: #fafafa;
  --scalar-sidebar-item-active-background: #eef2ff;
  --scalar-sidebar-color-active: #4338ca;
}
`;
