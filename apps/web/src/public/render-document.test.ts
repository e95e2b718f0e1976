import { describe, expect, it } from 'vitest';
import { renderDocument, renderHeadTags } from './render-document.ts';

const HEAD = {
  title: 'Pricing · Leadbell',
  description: 'Plans from "free" to <elite> & more',
  path: '/pricing',
};

describe('renderHeadTags', () => {
  it('writes the title, description, canonical URL and Open Graph tags, escaped', () => {
    const tags = renderHeadTags(HEAD, 'https://leadbell.app');
    expect(tags).toContain('<title>Pricing · Leadbell</title>');
    expect(tags).toContain(
      '<meta name="description" content="Plans from &quot;free&quot; to &lt;elite&gt; &amp; more" />',
    );
    expect(tags).toContain('<link rel="canonical" href="https://leadbell.app/pricing" />');
    expect(tags).toContain('<meta property="og:url" content="https://leadbell.app/pricing" />');
    expect(tags).toContain('<meta property="og:type" content="website" />');
    expect(tags).toContain('<meta property="og:title" content="Pricing · Leadbell" />');
  });

  it('marks articles with their publication date', () => {
    const tags = renderHeadTags({ ...HEAD, type: 'article', publishedDate: '2025-02-04' }, 'https://leadbell.app');
    expect(tags).toContain('<meta property="og:type" content="article" />');
    expect(tags).toContain('<meta property="article:published_time" content="2025-02-04" />');
  });

  it('keeps a noindex page out of search results and gives it no canonical URL', () => {
    const tags = renderHeadTags({ ...HEAD, noindex: true }, 'https://leadbell.app');
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags.some((tag) => tag.includes('rel="canonical"'))).toBe(false);
  });

  it('writes each JSON-LD object as a script that text cannot break out of', () => {
    const tags = renderHeadTags(
      { ...HEAD, jsonLd: [{ name: '</script><script>alert(1)</script>' }] },
      'https://a.test',
    );
    const script = tags.find((tag) => tag.startsWith('<script type="application/ld+json">'))!;
    expect(script).toBe(
      '<script type="application/ld+json">{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
    expect(JSON.parse(script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>')))).toEqual({
      name: '</script><script>alert(1)</script>',
    });
  });
});

describe('renderDocument', () => {
  it('links the stylesheets and the public entry, and wraps the pre-rendered body', () => {
    const html = renderDocument({
      head: HEAD,
      origin: 'https://leadbell.app',
      body: '<main><h1>Pricing</h1></main>',
      stylesheets: ['/assets/public-abc.css'],
      script: '/assets/public-def.js',
    });
    expect(html.startsWith('<!doctype html>\n<html lang="en" class="theme-auto">')).toBe(true);
    expect(html).toContain('<link rel="stylesheet" href="/assets/public-abc.css" />');
    expect(html).toContain('<script type="module" src="/assets/public-def.js"></script>');
    expect(html).toContain('<main><h1>Pricing</h1></main>');
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('<main>'));
  });
});
