import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';

describe('csvLine', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 42, true, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",42,true,\r\n',
    );
  });

  it('keeps a value that starts like a formula as text', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '+1 555 0100', '-2', '@sum'])).toBe(
      `"'=HYPERLINK(""http://x"")",'+1 555 0100,'-2,'@sum\r\n`,
    );
  });
});
