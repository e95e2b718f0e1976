// A UTF-16 half without its other half: not text, and PostgreSQL refuses it in jsonb.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Whether text has no control characters and no broken UTF-16, so it can be stored as is. */
export function isCleanText(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001F\u007F]/.test(value) && !new RegExp(LONE_SURROGATE.source).test(value);
}

/**
 * Normalises free text typed into a form: Unicode NFC, control characters and broken UTF-16
 * removed (tabs and newlines kept only where `multiline` is set), surrounding whitespace trimmed.
 * The console runs it before submit and the server runs it again at the edge, through the
 * shared schemas, so both see the same value.
 */
export function sanitizeText(value: string, { multiline = false } = {}): string {
  // eslint-disable-next-line no-control-regex
  const controls = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g : /[\u0000-\u001F\u007F]/g;
  return value.replace(LONE_SURROGATE, '').normalize('NFC').replace(controls, '').trim();
}
