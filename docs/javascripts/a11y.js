// Material's search overlay is a role="dialog" without an accessible name
// (axe: aria-dialog-name). Name it, without copying the theme's template.
document.querySelectorAll('.md-search[role="dialog"]').forEach((dialog) => {
  dialog.setAttribute("aria-label", "Search");
});
