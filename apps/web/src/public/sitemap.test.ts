import { describe, expect, it } from 'vitest';
import { renderRobots, renderSitemap } from './sitemap.ts';

describe('renderSitemap', () => {
  it('lists every page under the origin, with lastmod where known', () => {
    expect(
      renderSitemap('https://leadbell.app', [{ path: '/' }, { path: '/blog/speed', lastModified: '2025-03-04' }]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://leadbell.app/</loc></url>',
        '  <url><loc>https://leadbell.app/blog/speed</loc><lastmod>2025-03-04</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes characters XML reserves', () => {
    expect(renderSitemap('https://a.test', [{ path: "/q?a=1&b='2'" }])).toContain(
      '<loc>https://a.test/q?a=1&amp;b=&apos;2&apos;</loc>',
    );
  });
});

describe('renderRobots', () => {
  it('allows the site, disallows the given paths and points at the sitemap', () => {
    expect(renderRobots('https://leadbell.app', ['/v1/'])).toBe(
      'User-agent: *\nAllow: /\nDisallow: /v1/\n\nSitemap: https://leadbell.app/sitemap.xml\n',
    );
  });
});
