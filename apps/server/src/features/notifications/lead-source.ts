import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_VALUE_MAX,
  type Attribution,
  type TrafficSource,
} from '@leadbell/shared/lead-sources';

/** What a lead says about where it came from, as it arrived. */
export type SourceSignals = {
  pageUrl: string | null;
  referrer: string | null;
  attribution: Attribution | null;
};

export type LeadSource = {
  trafficSource: TrafficSource;
  /** The campaign parameters given, completed by those in the page URL's query; null when none. */
  attribution: Attribution | null;
};

const PAID_MEDIUMS = new Set([
  'cpc',
  'ppc',
  'cpm',
  'cpv',
  'cpa',
  'paid',
  'paidsearch',
  'paid_search',
  'paid-search',
  'sem',
  'display',
  'banner',
  'ad',
  'ads',
  'retargeting',
  'remarketing',
]);
const PAID_SOCIAL_MEDIUMS = new Set([
  'paid_social',
  'paidsocial',
  'paid-social',
  'social_paid',
  'social-paid',
  'psocial',
]);
const EMAIL_MEDIUMS = new Set(['email', 'e-mail', 'e_mail', 'newsletter', 'mail']);
const SOCIAL_MEDIUMS = new Set(['social', 'social-network', 'social_network', 'social-media', 'social_media', 'sm']);
const ORGANIC_MEDIUMS = new Set(['organic']);

// Hosts compared as "this domain or a subdomain of it".
const SEARCH_DOMAINS = [
  'bing.com',
  'duckduckgo.com',
  'ecosia.org',
  'search.brave.com',
  'startpage.com',
  'qwant.com',
  'baidu.com',
  'yandex.ru',
  'yandex.com',
  'search.yahoo.com',
  'kagi.com',
];
// Google and Yahoo answer from a domain per country: google.de, google.co.uk, google.com.au.
const COUNTRY_SEARCH = /(^|\.)(google|yahoo)\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;
const SOCIAL_DOMAINS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'instagram.com',
  'linkedin.com',
  'lnkd.in',
  't.co',
  'twitter.com',
  'x.com',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'pinterest.com',
  'reddit.com',
  'threads.net',
  'threads.com',
  'snapchat.com',
  'whatsapp.com',
  'bsky.app',
  'mastodon.social',
];
const WEBMAIL_DOMAINS = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'mail.yahoo.com',
  'mail.proton.me',
];
// utm_source values that name a social network or a search engine, as campaigns spell them.
const SOCIAL_SOURCE =
  /^(facebook|fb|instagram|ig|linkedin|twitter|x|youtube|tiktok|pinterest|reddit|threads|snapchat|meta)$/;
const GOOGLE_SOURCE = /^(google|adwords|google_ads|googleads|google-ads)$/;
const SEARCH_SOURCE = /^(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|brave)$/;

function hostOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url.hostname.toLowerCase().replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

function isOn(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The campaign parameters: those given win, the page URL's query fills the rest; empty values are none. */
export function attributionOf(pageUrl: string | null, given: Attribution | null): Attribution | null {
  let query: URLSearchParams | null = null;
  try {
    query = pageUrl ? new URL(pageUrl).searchParams : null;
  } catch {
    query = null;
  }
  const attribution: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = (given?.[key] || query?.get(key) || '').trim().slice(0, ATTRIBUTION_VALUE_MAX);
    if (value) attribution[key] = value;
  }
  return Object.keys(attribution).length > 0 ? attribution : null;
}

function campaignSourceOf(attribution: Attribution): TrafficSource | null {
  const medium = attribution.utm_medium?.toLowerCase() ?? '';
  const source = attribution.utm_source?.toLowerCase() ?? '';
  if (attribution.gclid) return 'google_ads';
  if (PAID_SOCIAL_MEDIUMS.has(medium)) return 'paid_social';
  if (PAID_MEDIUMS.has(medium)) {
    if (GOOGLE_SOURCE.test(source)) return 'google_ads';
    return SOCIAL_SOURCE.test(source) ? 'paid_social' : 'paid_other';
  }
  if (EMAIL_MEDIUMS.has(medium) || (!medium && EMAIL_MEDIUMS.has(source))) return 'email';
  if (SOCIAL_MEDIUMS.has(medium)) return 'social';
  if (ORGANIC_MEDIUMS.has(medium)) return SOCIAL_SOURCE.test(source) ? 'social' : 'organic_search';
  return null;
}

function referrerSourceOf(referrerHost: string): TrafficSource {
  if (isOn(referrerHost, WEBMAIL_DOMAINS)) return 'email';
  if (COUNTRY_SEARCH.test(referrerHost) || isOn(referrerHost, SEARCH_DOMAINS)) return 'organic_search';
  if (isOn(referrerHost, SOCIAL_DOMAINS)) return 'social';
  return 'referral';
}

/**
 * Where a lead came from (decision 048), first rule that applies:
 * 1. a Google click id (`gclid`) → google_ads;
 * 2. a paid `utm_medium` (cpc, ppc, paid_social, display…) → google_ads when utm_source is Google,
 *    paid_social for a social network or a paid-social medium, else paid_other;
 * 3. `utm_medium` email or newsletter → email; social → social; organic → organic_search;
 * 4. the referrer, unless it is the site itself (a visitor moving between its pages): a webmail
 *    host → email, a search engine → organic_search, a social network → social, anything else →
 *    referral;
 * 5. a `utm_source` alone that names a search engine or a social network → organic_search or
 *    social, any other → referral;
 * 6. nothing → direct.
 * `fbclid` alone proves nothing paid: Facebook adds it to every outbound link. Malformed URLs are
 * ignored. Pure CPU, no I/O: it runs per lead while the request is read.
 */
export function leadSourceOf({ pageUrl, referrer, attribution: given }: SourceSignals): LeadSource {
  const attribution = attributionOf(pageUrl, given);
  const fromCampaign = attribution && campaignSourceOf(attribution);
  if (fromCampaign) return { trafficSource: fromCampaign, attribution };
  const referrerHost = hostOf(referrer);
  if (referrerHost && referrerHost !== hostOf(pageUrl))
    return { trafficSource: referrerSourceOf(referrerHost), attribution };
  const utmSource = attribution?.utm_source?.toLowerCase();
  if (utmSource) {
    const trafficSource = SEARCH_SOURCE.test(utmSource)
      ? 'organic_search'
      : SOCIAL_SOURCE.test(utmSource)
        ? 'social'
        : 'referral';
    return { trafficSource, attribution };
  }
  return { trafficSource: attribution?.fbclid ? 'social' : 'direct', attribution };
}
