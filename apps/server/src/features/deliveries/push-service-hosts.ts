/**
 * Whether a push endpoint points at one of the configured push services (PUSH_SERVICE_HOSTS).
 * The server only ever sends to these, so a subscription cannot aim it at an internal address.
 * Entries match the URL's host exactly (with a port when one is given), or any subdomain for
 * `*.example.com`.
 */
export function isPushServiceAllowed(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.host.toLowerCase();
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}
