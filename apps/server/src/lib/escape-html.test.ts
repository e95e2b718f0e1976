import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('escapes every character that could start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });

  it('leaves plain text alone', () => {
    expect(escapeHtml('Ann Lee, +1 555 0100 💥')).toBe('Ann Lee, +1 555 0100 💥');
  });
});
