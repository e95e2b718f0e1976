/** The notification's URL as a link target, only when it is https: anything else is not linked. */
export function httpsLink(url: string | null): { href: string; text: string } | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return null;
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return { href: parsed.href, text: `${parsed.host}${path}` };
  } catch {
    return null;
  }
}
