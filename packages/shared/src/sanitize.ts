/**
 * Normalises free text typed into a form: Unicode NFC, control characters removed
 * (tabs and newlines kept only where `multiline` is set), surrounding whitespace trimmed.
 * The console runs it before submit and the server runs it again at the edge, through the
 * shared schemas, so both see the same value.
 */
export function sanitizeText(value: string, { multiline = false } = {}): string {
  // eslint-disable-next-line no-control-regex
  const controls = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g : /[\u0000-\u001F\u007F]/g;
  return value.normalize('NFC').replace(controls, '').trim();
}
