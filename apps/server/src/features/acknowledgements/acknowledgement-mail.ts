import { renderTemplate, type TemplateData } from '@leadbell/shared/template';
import { escapeHtml } from '../../lib/escape-html.ts';
import { displayNameOf, type Mail } from '../../mail/mailer.ts';

const SUBJECT_MAX = 200;

/** The lead's fields as template values: text, numbers and booleans; anything else stays out. */
export function templateDataOf(data: Record<string, unknown> | null): TemplateData {
  const values: TemplateData = {};
  for (const [name, value] of Object.entries(data ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[name] = value;
  }
  return values;
}

/**
 * The acknowledgement a visitor gets (decision 047), from the owner's template filled with the
 * visitor's values. The values are inserted once and never read as placeholders again (the
 * renderer does not rescan what it inserts); the subject is one line whatever the visitor typed;
 * the HTML part escapes everything. `to` and `replyTo` are single valid addresses, checked by the caller.
 */
export function acknowledgementMail({
  to,
  replyTo,
  entityName,
  subject,
  body,
  data,
}: {
  to: string;
  replyTo: string | null;
  entityName: string;
  subject: string;
  body: string;
  data: TemplateData;
}): Mail {
  const text = renderTemplate(body, data).trim();
  const footer = `You get this email because you sent a message to ${displayNameOf(entityName)}. Reply to it to reach them.`;
  return {
    to,
    ...(replyTo ? { replyTo } : {}),
    fromName: entityName,
    subject: renderTemplate(subject, data)
      .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
      .trim()
      .slice(0, SUBJECT_MAX),
    text: `${text}\n\n--\n${footer}\n`,
    html: `<!doctype html><html><body style="margin:0;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<div dir="auto" style="max-width:560px;font-size:15px;line-height:22px;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(text)}</div>
<p style="max-width:560px;margin-top:24px;font-size:12px;line-height:18px;color:#64748b">${escapeHtml(footer)}</p>
</body></html>`,
  };
}
