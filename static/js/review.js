// The review page's keys (templates/admin/quotes/review.html): a letter presses the button or
// focuses the field marked data-key with it, unless the reader is typing in a field.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = event.target.closest("input, textarea, select, [contenteditable]");
  if (typing) return;
  const target = document.querySelector(`[data-key="${CSS.escape(event.key)}"]`);
  if (!target) return;
  event.preventDefault();
  if (target.matches("input")) target.focus();
  else target.click();
});
