/** Byte order mark: spreadsheet apps then read the file as UTF-8, not the system's code page. */
export const UTF8_BOM = '\ufeff';

// A cell starting with these is a formula to a spreadsheet: a lead's "=HYPERLINK(…)" must stay text.
const FORMULA_START = /^[=+\-@\t\r]/;
// An international phone number: it starts like a formula, but digits, spaces, brackets, dots and
// dashes can call no function and reach no other cell, so it is written as the visitor typed it
// rather than behind an apostrophe that spreadsheets then show (issue 25).
const PHONE_NUMBER = /^\+[\d\s().-]*\d[\d\s().-]*$/;

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text) && !PHONE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record (RFC 4180), CRLF-terminated, with formula injection neutralised. */
export function csvLine(values: unknown[]): string {
  return `${values.map(cellOf).join(',')}\r\n`;
}
