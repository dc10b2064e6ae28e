/**
 * Escaping shared by every markdown renderer (plan, apply, lint, bot tests)
 * and the pull request comment: what a name or message from a manifest or
 * the service may hold must not become HTML or break a table.
 */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text outside code: no raw HTML, no table breaks, no stray line breaks. */
export function escapeInline(s: string): string {
  return escapeHtml(s)
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
}
