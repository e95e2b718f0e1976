import { describe, expect, it } from 'vitest';
import { leadSourceLine } from './lead-source-format.ts';

describe('lead source line', () => {
  it('names the source, the campaign, the site that sent the visitor and the page, in one line', () => {
    expect(
      leadSourceLine({
        trafficSource: 'google_ads',
        campaign: 'spring-sale',
        referrer: 'https://www.google.com/',
        pageUrl: 'https://www.acme.example/pricing?gclid=abc',
      }),
    ).toBe('Google Ads · campaign spring-sale · via google.com · from /pricing');
  });

  it('leaves out what the lead does not have', () => {
    expect(leadSourceLine({ trafficSource: 'direct', campaign: null, referrer: null, pageUrl: null })).toBe('Direct');
    expect(
      leadSourceLine({
        trafficSource: 'referral',
        campaign: null,
        referrer: 'not a url',
        pageUrl: 'https://a.example/',
      }),
    ).toBe('Referral · from /');
  });

  it('a lead from before sources were recorded has no line', () => {
    expect(
      leadSourceLine({ trafficSource: null, campaign: null, referrer: null, pageUrl: 'https://a.example/' }),
    ).toBeNull();
  });
});
