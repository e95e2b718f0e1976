import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The page a visitor sees after posting a plain HTML form without a `redirect`: a person reads it,
 * so it is a short page rather than JSON. Every text is escaped; nothing posted is ever markup.
 */
export function formResultPage({
  heading,
  detail,
  backTo,
}: {
  heading: string;
  detail: string;
  /** The posting site's origin, when known. */
  backTo: string | null;
}): string {
  const back = backTo ? `<p><a href="${escapeHtml(backTo)}">Back to ${escapeHtml(new URL(backTo).host)}</a></p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569;margin:0 0 1.5rem}</style>
</head>
<body><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p>${back}</main></body>
</html>`;
}
