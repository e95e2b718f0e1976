import type { PageHead } from '../features/public-site/seo/page-head.ts';

export type DocumentParts = {
  head: PageHead;
  /** The site's origin, without a trailing slash: the PUBLIC_URL token at build time. */
  origin: string;
  /** The pre-rendered page. */
  body: string;
  stylesheets: readonly string[];
  /** The public entry: shows the current year and hydrates the page's islands. */
  script: string;
};

const SITE_NAME = 'Leadbell';

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** JSON for a `<script>`: `<` escaped so text like `</script>` cannot end the element early. */
function jsonForScript(value: object): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** The `<head>` tags of a public page: title, description, canonical URL, Open Graph and JSON-LD. */
export function renderHeadTags(head: PageHead, origin: string): string[] {
  const url = `${origin}${head.path}`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : [`<link rel="canonical" href="${escapeHtml(url)}" />`]),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_US'),
    ...(head.publishedDate ? [meta('property', 'article:published_time', head.publishedDate)] : []),
    meta('name', 'twitter:card', 'summary'),
    ...(head.jsonLd ?? []).map((item) => `<script type="application/ld+json">${jsonForScript(item)}</script>`),
  ];
}

/** A complete HTML document for a pre-rendered public page. */
export function renderDocument({ head, origin, body, stylesheets, script }: DocumentParts): string {
  const tags = [
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    ...renderHeadTags(head, origin),
    '<meta name="color-scheme" content="light dark" />',
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />',
    '<meta name="theme-color" content="#020617" media="(prefers-color-scheme: dark)" />',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
    `<script type="module" src="${escapeHtml(script)}"></script>`,
  ];
  return [
    '<!doctype html>',
    '<html lang="en" class="theme-auto">',
    '<head>',
    ...tags.map((tag) => `  ${tag}`),
    '</head>',
    '<body class="bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
