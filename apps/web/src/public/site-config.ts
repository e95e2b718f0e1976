/**
 * Placeholders the pre-rendered pages carry where a value belongs to the deployment, not to the
 * build. The server swaps them for PUBLIC_URL and SUPPORT_EMAIL when it serves the pages
 * (apps/server/src/http/web-app.ts), so one build runs anywhere. Characters chosen to pass
 * through HTML escaping, JSON and Markdown unchanged.
 */
export const PUBLIC_URL_TOKEN = '%LEADBELL_PUBLIC_URL%';
export const SUPPORT_EMAIL_TOKEN = '%LEADBELL_SUPPORT_EMAIL%';

/**
 * The support address: the server writes it into the console shell's
 * `<meta name="leadbell:support-email">`. While pre-rendering (no document) it is the token.
 */
export function supportEmail(): string {
  if (typeof document === 'undefined') return SUPPORT_EMAIL_TOKEN;
  return document.querySelector<HTMLMetaElement>('meta[name="leadbell:support-email"]')?.content || SUPPORT_EMAIL_TOKEN;
}
