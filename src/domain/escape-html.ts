const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe as HTML or XML text or as a quoted attribute's value: `& < > " '` become
 * references that HTML and XML read alike (`&#39;`, since XML's `&apos;` is not HTML 4's).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
