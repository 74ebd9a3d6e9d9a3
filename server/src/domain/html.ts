// The one escaping of text put into an e-mail's HTML (sign-in links, order e-mails): every
// character that could open a tag or end an attribute becomes its entity.
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
