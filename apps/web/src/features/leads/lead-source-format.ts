import { TRAFFIC_SOURCE_LABELS } from '@leadbell/shared/lead-sources';
import type { Lead } from '@leadbell/shared/leads';

function urlOf(value: string | null): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Where a lead came from, in one line: "Google Ads · campaign spring-sale · via google.com ·
 * from /pricing". Null for a lead from before sources were recorded.
 */
export function leadSourceLine(lead: Pick<Lead, 'trafficSource' | 'campaign' | 'referrer' | 'pageUrl'>): string | null {
  if (!lead.trafficSource) return null;
  const referrer = urlOf(lead.referrer);
  const page = urlOf(lead.pageUrl);
  return [
    TRAFFIC_SOURCE_LABELS[lead.trafficSource],
    lead.campaign ? `campaign ${lead.campaign}` : null,
    referrer ? `via ${referrer.hostname.replace(/^www\./, '')}` : null,
    page ? `from ${page.pathname}` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
