import { pricingNoteOf } from '@leadbell/shared/subscriptions';
/**
 * Placeholders the pre-rendered pages carry where a value belongs to the deployment, not to the
 * build. The server swaps them for PUBLIC_URL and SUPPORT_EMAIL when it serves the pages
 * (apps/server/src/http/web-app.ts), so one build runs anywhere. Characters chosen to pass
 * through HTML escaping, JSON and Markdown unchanged.
 */
export const PUBLIC_URL_TOKEN = '%LEADBELL_PUBLIC_URL%';
export const SUPPORT_EMAIL_TOKEN = '%LEADBELL_SUPPORT_EMAIL%';
/** The pricing page's note on payment: the server writes the one for its billing mode (decision 050). */
export const PRICING_NOTE_TOKEN = '%LEADBELL_PRICING_NOTE%';

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

/**
 * The pricing page's note: while pre-rendering the token the server fills; in the console, from
 * the shell's `<meta name="leadbell:billing">` (`on` or `off`).
 */
export function pricingNote(): string {
  if (typeof document === 'undefined') return PRICING_NOTE_TOKEN;
  return pricingNoteOf(metaContent('leadbell:billing') !== 'off');
}
