/**
 * Placeholders the pre-rendered pages carry where a value belongs to the deployment, not to the
 * build. The server swaps them for PUBLIC_URL and SUPPORT_EMAIL when it serves the pages
 * (apps/server/src/http/web-app.ts), so one build runs anywhere. Characters chosen to pass
 * through HTML escaping, JSON and Markdown unchanged.
 */
export const PUBLIC_URL_TOKEN = '%LEADBELL_PUBLIC_URL%';
export const SUPPORT_EMAIL_TOKEN = '%LEADBELL_SUPPORT_EMAIL%';

function metaContent(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

/**
 * The support address: the server writes it into the console shell's
 * `<meta name="leadbell:support-email">`. While pre-rendering (no document) it is the token.
 */
export function supportEmail(): string {
  return metaContent('leadbell:support-email') ?? SUPPORT_EMAIL_TOKEN;
}

/**
 * The server's PUBLIC_URL, the address websites post leads to, from the console shell's
 * `<meta name="leadbell:public-url">`. It may differ from the address the console was opened at
 * (a proxy, localhost or a LAN address). Under the Vite dev server the token stays unfilled, and
 * the page's own origin is the best guess.
 */
export function publicUrl(): string {
  const filled = metaContent('leadbell:public-url');
  return filled && filled !== PUBLIC_URL_TOKEN ? filled : window.location.origin;
}
