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
