import { describe, expect, it } from 'vitest';
import { httpsLink } from './https-link.ts';

describe('httpsLink', () => {
  it('notifications › an https url links, shown without scheme or query', () => {
    expect(httpsLink('https://www.example.com/leads/42?ref=form')).toEqual({
      href: 'https://www.example.com/leads/42?ref=form',
      text: 'www.example.com/leads/42',
    });
    expect(httpsLink('https://example.com')).toEqual({ href: 'https://example.com/', text: 'example.com' });
  });

  it('notifications › other schemes, bad urls and no url are not linked', () => {
    expect(httpsLink('javascript:alert(1)')).toBeNull();
    expect(httpsLink('http://example.com/')).toBeNull();
    expect(httpsLink('not a url')).toBeNull();
    expect(httpsLink(null)).toBeNull();
  });
});
