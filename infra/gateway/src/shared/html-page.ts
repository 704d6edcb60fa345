const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

export interface PageLink {
  readonly href: string;
  readonly label: string;
}

/**
 * A small self-contained page for the moments the SPA cannot show (sign-in failures, no access, UI not
 * built). Everything passed in is escaped; no scripts, so the strict CSP holds.
 */
export const htmlPage = (title: string, paragraphs: readonly string[], link?: PageLink) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Discount Manager</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}
a{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:.375rem;background:#111;color:#fff;text-decoration:none}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${link ? `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}
</body>
</html>
`;
