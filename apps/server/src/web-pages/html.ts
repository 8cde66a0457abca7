/** Text written into HTML (an element's text or an attribute's value). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON inside <script>: no `</script>` nor `<!--` can end or change the block. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
