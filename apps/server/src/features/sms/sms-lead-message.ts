const TITLE_MAX = 60;

/**
 * A lead's text message: short, plain and with the link to its card. Plain ASCII around the
 * lead's own words keeps it in one 160-character GSM-7 segment when the title is short (a single
 * character outside GSM-7, an em dash included, makes the whole text UCS-2 at 70 per segment).
 */
export function smsLeadMessage({
  title,
  flowName,
  leadUrl,
  unansweredMinutes,
}: {
  title: string;
  flowName: string | null;
  leadUrl: string;
  /** Set for the escalation re-ring: how long it has waited. */
  unansweredMinutes: number | null;
}): string {
  const trimmed = title.replace(/\s+/g, ' ').trim();
  const shown = trimmed.length > TITLE_MAX ? `${trimmed.slice(0, TITLE_MAX - 1)}…` : trimmed;
  const prefix = unansweredMinutes === null ? '' : `Still unanswered (${unansweredMinutes} min): `;
  return `Leadbell: ${prefix}${shown}${flowName ? ` (${flowName})` : ''} - open: ${leadUrl}`;
}
