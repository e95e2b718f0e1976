import { describe, expect, it } from 'vitest';
import { isCleanText, sanitizeText } from './sanitize.ts';

describe('sanitizeText', () => {
  it('trims surrounding whitespace', () => {
    expect(sanitizeText('  Acme Homes \u00a0')).toBe('Acme Homes');
  });

  it('removes control characters, DEL included, keeping the text around them', () => {
    expect(sanitizeText('Ac\u0000me\u0007 Ho\u001bmes\u007f')).toBe('Acme Homes');
  });

  it('removes tabs and line breaks from single-line text', () => {
    expect(sanitizeText('Contact\tform\r\nnew')).toBe('Contactformnew');
  });

  it('keeps tabs and line breaks in multiline text, still removing other controls', () => {
    expect(sanitizeText('  Line one\r\n\tLine two\u0000\u000b\u000c\u001f  ', { multiline: true })).toBe(
      'Line one\r\n\tLine two',
    );
  });

  it('normalises to Unicode NFC so look-alike strings compare equal', () => {
    expect(sanitizeText('Zoe\u0308')).toBe('Zo\u00eb');
  });

  it('keeps letters of every script, emoji and punctuation', () => {
    expect(sanitizeText("Zoë O'Brien-Smith — 東京 🚀 <b>")).toBe("Zoë O'Brien-Smith — 東京 🚀 <b>");
  });

  it('turns text made only of spaces and controls into empty text', () => {
    expect(sanitizeText(' \u0000\t\n ')).toBe('');
  });
});

describe('broken UTF-16', () => {
  it('drops a lone surrogate half and keeps whole pairs', () => {
    expect(sanitizeText('a\ud800b\udc00c 💥')).toBe('abc 💥');
    expect(isCleanText('ok 💥')).toBe(true);
    expect(isCleanText('a\ud800')).toBe(false);
    expect(isCleanText('a\u0000')).toBe(false);
  });
});
