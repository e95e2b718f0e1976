import { describe, expect, it } from 'vitest';
import { SOURCE_STORAGE_KEY, pageSourceOf, type BrowserScope } from './browser-source.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T09:00:00Z');

function page(href: string, referrer: string, storage = new Map<string, string>()): BrowserScope {
  const url = new URL(href);
  return {
    location: { href, search: url.search, hostname: url.hostname },
    document: { referrer },
    localStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
    },
  };
}

describe('pageSourceOf', () => {
  it('outside a browser there is nothing to send', () => {
    expect(pageSourceOf({}, NOW)).toEqual({});
  });

  it('the landing page’s campaign and the site that sent the visitor, kept across the site’s pages', () => {
    const storage = new Map<string, string>();
    expect(
      pageSourceOf(
        page(
          'https://acme.example/?utm_source=google&utm_medium=cpc&gclid=abc&other=1',
          'https://www.google.com/',
          storage,
        ),
        NOW,
      ),
    ).toEqual({
      pageUrl: 'https://acme.example/?utm_source=google&utm_medium=cpc&gclid=abc&other=1',
      referrer: 'https://www.google.com/',
      attribution: { utm_source: 'google', utm_medium: 'cpc', gclid: 'abc' },
    });
    expect(
      pageSourceOf(page('https://acme.example/contact', 'https://acme.example/pricing', storage), NOW + DAY),
    ).toEqual({
      pageUrl: 'https://acme.example/contact',
      referrer: 'https://www.google.com/',
      attribution: { utm_source: 'google', utm_medium: 'cpc', gclid: 'abc' },
    });
  });

  it('a new arrival from another site replaces the kept one; after 30 days it is forgotten', () => {
    const storage = new Map<string, string>();
    pageSourceOf(page('https://acme.example/?utm_medium=email&utm_source=newsletter', '', storage), NOW);
    expect(pageSourceOf(page('https://acme.example/contact', 'https://t.co/', storage), NOW + DAY)).toEqual({
      pageUrl: 'https://acme.example/contact',
      referrer: 'https://t.co/',
    });
    expect(
      pageSourceOf(page('https://acme.example/contact', 'https://acme.example/', storage), NOW + 32 * DAY),
    ).toEqual({
      pageUrl: 'https://acme.example/contact',
    });
  });

  it('blocked or broken storage still sends this page’s own source', () => {
    const blocked: BrowserScope = {
      ...page('https://acme.example/?utm_campaign=spring', 'https://l.facebook.com/'),
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('SecurityError');
        },
      },
    };
    expect(pageSourceOf(blocked, NOW)).toEqual({
      pageUrl: 'https://acme.example/?utm_campaign=spring',
      referrer: 'https://l.facebook.com/',
      attribution: { utm_campaign: 'spring' },
    });
    const storage = new Map([[SOURCE_STORAGE_KEY, '{not json']]);
    expect(pageSourceOf(page('https://acme.example/', '', storage), NOW)).toEqual({ pageUrl: 'https://acme.example/' });
  });
});
