import { ATTRIBUTION_KEYS as CONTRACT_ATTRIBUTION_KEYS } from '@leadbell/shared/lead-sources';

// A local name, so the published types spell the list out rather than import the private package.
const ATTRIBUTION_KEYS = CONTRACT_ATTRIBUTION_KEYS;
/** The landing page's campaign parameters Leadbell reads (the server's `attribution`). */
export type Attribution = Partial<Record<(typeof ATTRIBUTION_KEYS)[number], string>>;

/** Where the HTML form snippet keeps a visitor's arrival too: either fills in for the other. */
export const SOURCE_STORAGE_KEY = 'leadbell_source';
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** What a browser page has of the global scope: all of it optional, so servers and workers pass. */
export type BrowserScope = {
  location?: { href: string; search: string; hostname: string };
  document?: { referrer?: string };
  localStorage?: { getItem: (key: string) => string | null; setItem: (key: string, value: string) => void };
};

export type PageSource = { pageUrl?: string; referrer?: string; attribution?: Attribution };

type Kept = { referrer: string; campaign: Attribution; expires: number };

function keptOf(scope: BrowserScope, now: number): Kept | null {
  try {
    const kept = JSON.parse(scope.localStorage?.getItem(SOURCE_STORAGE_KEY) ?? 'null') as Kept | null;
    return kept && typeof kept === 'object' && typeof kept.expires === 'number' && kept.expires > now ? kept : null;
  } catch {
    return null;
  }
}

function externalReferrerOf(scope: BrowserScope): string {
  const referrer = scope.document?.referrer ?? '';
  try {
    return referrer && new URL(referrer).hostname !== scope.location?.hostname ? referrer : '';
  } catch {
    return '';
  }
}

/**
 * In a browser page: its address, the site that sent the visitor and the landing page's campaign
 * parameters. The visitor's arrival is kept in localStorage for 30 days (as the HTML form snippet
 * keeps it): a new arrival from a campaign or another site replaces it, moving between the site's
 * pages keeps it, so a lead sent pages after landing from an ad is still attributed. Outside a
 * browser, nothing. Never throws: storage may be blocked.
 */
export function pageSourceOf(scope: BrowserScope = globalThis as BrowserScope, now = Date.now()): PageSource {
  const location = scope.location;
  if (!location || typeof location.href !== 'string') return {};
  const campaign: Attribution = {};
  try {
    const params = new URLSearchParams(location.search);
    for (const key of ATTRIBUTION_KEYS) {
      const value = params.get(key);
      if (value) campaign[key] = value;
    }
  } catch {
    // A location without a query string.
  }
  const referrer = externalReferrerOf(scope);
  let kept = keptOf(scope, now);
  if (!kept || referrer || Object.keys(campaign).length > 0) {
    kept = { referrer, campaign, expires: now + KEEP_MS };
    try {
      scope.localStorage?.setItem(SOURCE_STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage blocked (private mode, a policy): this page's own source still goes.
    }
  }
  const attribution = Object.fromEntries(
    ATTRIBUTION_KEYS.flatMap((key) => {
      const value = kept.campaign?.[key];
      return typeof value === 'string' && value ? [[key, value]] : [];
    }),
  ) as Attribution;
  return {
    pageUrl: location.href,
    ...(typeof kept.referrer === 'string' && kept.referrer ? { referrer: kept.referrer } : {}),
    ...(Object.keys(attribution).length > 0 ? { attribution } : {}),
  };
}
