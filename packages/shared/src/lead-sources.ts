/**
 * Where a lead came from (issue 26), derived from its page URL, referrer and the landing page's
 * campaign parameters by the rule in the server's lead-source module.
 */
export const TRAFFIC_SOURCES = [
  'google_ads',
  'paid_social',
  'paid_other',
  'organic_search',
  'social',
  'email',
  'referral',
  'direct',
] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/** How the console names each source. */
export const TRAFFIC_SOURCE_LABELS: Record<TrafficSource, string> = {
  google_ads: 'Google Ads',
  paid_social: 'Paid social',
  paid_other: 'Other paid',
  organic_search: 'Organic search',
  social: 'Social',
  email: 'Email',
  referral: 'Referral',
  direct: 'Direct',
};

/** The landing page's campaign parameters a lead can carry (`attribution`), as their query names. */
export const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

/** A campaign parameter's longest value: ad click ids run to a few hundred characters. */
export const ATTRIBUTION_VALUE_MAX = 500;
/** A page URL's or referrer's longest value, as browsers send them. */
export const PAGE_URL_MAX = 2048;
