/**
 * The branded HTML frame every Leadbell mail shares: a centred card with the product name.
 * `rows` are table rows (`<tr>…</tr>`) whose text the caller has already escaped.
 */
export function brandedMailHtml(rows: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:700;color:#4338ca">🔔 Leadbell</td></tr>
${rows}
</table></td></tr></table></body></html>`;
}
