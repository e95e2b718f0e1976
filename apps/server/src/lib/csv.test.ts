import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';

describe('csvLine', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 42, true, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",42,true,\r\n',
    );
  });

  it('keeps a value that starts like a formula as text', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '-2', '@sum', '+1+cmd|calc', '+44 (0)20 HYPERLINK'])).toBe(
      `"'=HYPERLINK(""http://x"")",'-2,'@sum,'+1+cmd|calc,'+44 (0)20 HYPERLINK\r\n`,
    );
  });

  it('writes an international phone number as typed, without an apostrophe', () => {
    expect(csvLine(['+1 555 0100', '+44 (0)20 7946-0018', '+33.1.23.45.67.89'])).toBe(
      '+1 555 0100,+44 (0)20 7946-0018,+33.1.23.45.67.89\r\n',
    );
  });
});
