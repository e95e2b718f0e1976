import { describe, expect, it } from 'vitest';
import type { Attribution, TrafficSource } from '@leadbell/shared/lead-sources';
import { attributionOf, leadSourceOf } from './lead-source.ts';

type Case = {
  name: string;
  pageUrl?: string;
  referrer?: string;
  attribution?: Attribution;
  expected: TrafficSource;
};

const SITE = 'https://www.acme-plumbing.co.uk';

const CASES: Case[] = [
  // Paid: a click id or a paid medium wins over everything else.
  { name: 'gclid on the landing page', pageUrl: `${SITE}/?gclid=Cj0KCQjw-abc123`, expected: 'google_ads' },
  {
    name: 'gclid kept from the landing page, form three pages later',
    pageUrl: `${SITE}/contact`,
    referrer: `${SITE}/pricing`,
    attribution: { gclid: 'EAIaIQobChMI' },
    expected: 'google_ads',
  },
  {
    name: 'gclid beats a Facebook referrer',
    pageUrl: `${SITE}/?gclid=abc`,
    referrer: 'https://l.facebook.com/',
    expected: 'google_ads',
  },
  {
    name: 'utm google / cpc',
    pageUrl: `${SITE}/offer?utm_source=google&utm_medium=cpc&utm_campaign=spring-sale`,
    referrer: 'https://www.google.com/',
    expected: 'google_ads',
  },
  {
    name: 'utm adwords / ppc',
    attribution: { utm_source: 'adwords', utm_medium: 'ppc' },
    pageUrl: `${SITE}/`,
    expected: 'google_ads',
  },
  {
    name: 'utm bing / cpc is other paid',
    pageUrl: `${SITE}/?utm_source=bing&utm_medium=cpc`,
    referrer: 'https://www.bing.com/',
    expected: 'paid_other',
  },
  {
    name: 'utm facebook / paid_social',
    pageUrl: `${SITE}/?utm_source=facebook&utm_medium=paid_social&fbclid=IwAR2x`,
    referrer: 'https://l.facebook.com/',
    expected: 'paid_social',
  },
  { name: 'utm instagram / cpc', attribution: { utm_source: 'instagram', utm_medium: 'cpc' }, expected: 'paid_social' },
  {
    name: 'utm linkedin / paidsocial',
    attribution: { utm_source: 'linkedin', utm_medium: 'paidsocial' },
    expected: 'paid_social',
  },
  { name: 'utm display banner', attribution: { utm_source: 'taboola', utm_medium: 'display' }, expected: 'paid_other' },
  { name: 'paid medium in capitals', attribution: { utm_source: 'Google', utm_medium: 'CPC' }, expected: 'google_ads' },
  // Email.
  {
    name: 'newsletter link',
    pageUrl: `${SITE}/?utm_source=newsletter&utm_medium=email&utm_campaign=october`,
    expected: 'email',
  },
  { name: 'utm_source newsletter without a medium', attribution: { utm_source: 'newsletter' }, expected: 'email' },
  { name: 'mailchimp / e-mail', attribution: { utm_source: 'mailchimp', utm_medium: 'e-mail' }, expected: 'email' },
  { name: 'Gmail in the browser', pageUrl: `${SITE}/`, referrer: 'https://mail.google.com/', expected: 'email' },
  { name: 'Outlook on the web', referrer: 'https://outlook.live.com/', expected: 'email' },
  // Organic search by referrer.
  { name: 'Google', pageUrl: `${SITE}/boilers`, referrer: 'https://www.google.com/', expected: 'organic_search' },
  { name: 'Google UK', pageUrl: `${SITE}/`, referrer: 'https://www.google.co.uk/', expected: 'organic_search' },
  { name: 'Google Australia', referrer: 'https://www.google.com.au/', expected: 'organic_search' },
  { name: 'Google Germany', referrer: 'https://www.google.de/', expected: 'organic_search' },
  { name: 'Bing', referrer: 'https://www.bing.com/search?q=emergency+plumber', expected: 'organic_search' },
  { name: 'DuckDuckGo', referrer: 'https://duckduckgo.com/', expected: 'organic_search' },
  { name: 'Ecosia', referrer: 'https://www.ecosia.org/', expected: 'organic_search' },
  { name: 'Yahoo search', referrer: 'https://search.yahoo.com/', expected: 'organic_search' },
  { name: 'Brave search', referrer: 'https://search.brave.com/', expected: 'organic_search' },
  {
    name: 'utm medium organic',
    attribution: { utm_source: 'google', utm_medium: 'organic' },
    expected: 'organic_search',
  },
  // Social by referrer or medium.
  { name: 'facebook.com', referrer: 'https://www.facebook.com/', expected: 'social' },
  { name: 'l.facebook.com link shim', referrer: 'https://l.facebook.com/', expected: 'social' },
  { name: 'm.facebook.com', referrer: 'https://m.facebook.com/', expected: 'social' },
  { name: 'Instagram', referrer: 'https://l.instagram.com/', expected: 'social' },
  { name: 'LinkedIn', referrer: 'https://www.linkedin.com/', expected: 'social' },
  { name: 'lnkd.in', referrer: 'https://lnkd.in/', expected: 'social' },
  { name: 't.co (X)', referrer: 'https://t.co/', expected: 'social' },
  { name: 'YouTube', referrer: 'https://www.youtube.com/', expected: 'social' },
  { name: 'Reddit', referrer: 'https://out.reddit.com/', expected: 'social' },
  { name: 'fbclid alone is an organic share', pageUrl: `${SITE}/?fbclid=IwAR0abc`, expected: 'social' },
  { name: 'utm medium social', attribution: { utm_source: 'facebook', utm_medium: 'social' }, expected: 'social' },
  { name: 'utm_source facebook alone', attribution: { utm_source: 'facebook' }, expected: 'social' },
  // Referral, self-referral, direct.
  { name: 'a directory', pageUrl: `${SITE}/`, referrer: 'https://www.yell.com/biz/acme/', expected: 'referral' },
  { name: 'a partner blog', referrer: 'https://blog.example.org/best-plumbers-2026', expected: 'referral' },
  {
    name: 'google.example.com is not Google',
    referrer: 'https://google.example.com/',
    expected: 'referral',
  },
  { name: 'an unknown utm_source alone', attribution: { utm_source: 'partner-site' }, expected: 'referral' },
  { name: 'utm_source google alone', attribution: { utm_source: 'google' }, expected: 'organic_search' },
  { name: 'self-referral is ignored', pageUrl: `${SITE}/contact`, referrer: `${SITE}/pricing`, expected: 'direct' },
  {
    name: 'self-referral with and without www',
    pageUrl: 'https://acme-plumbing.co.uk/contact',
    referrer: `${SITE}/`,
    expected: 'direct',
  },
  {
    name: 'self-referral does not hide a kept campaign',
    pageUrl: `${SITE}/contact`,
    referrer: `${SITE}/`,
    attribution: { utm_source: 'newsletter', utm_medium: 'email' },
    expected: 'email',
  },
  { name: 'nothing at all', expected: 'direct' },
  { name: 'a page URL only', pageUrl: `${SITE}/contact`, expected: 'direct' },
  { name: 'a malformed referrer', pageUrl: `${SITE}/`, referrer: 'not a url', expected: 'direct' },
  {
    name: 'a malformed page URL',
    pageUrl: 'http//broken',
    referrer: 'https://www.google.com/',
    expected: 'organic_search',
  },
  { name: 'an app referrer', referrer: 'android-app://com.google.android.gm/', expected: 'direct' },
  { name: 'empty campaign values are none', attribution: { utm_source: '', utm_medium: '' }, expected: 'direct' },
];

describe('lead source', () => {
  it.each(CASES)('$name → $expected', ({ pageUrl, referrer, attribution, expected }) => {
    expect(
      leadSourceOf({ pageUrl: pageUrl ?? null, referrer: referrer ?? null, attribution: attribution ?? null })
        .trafficSource,
    ).toBe(expected);
  });

  it('campaign parameters given win; the page URL fills the rest', () => {
    expect(
      attributionOf(`${SITE}/?utm_source=google&utm_medium=cpc&utm_campaign=from-url&other=1`, {
        utm_campaign: 'given',
        utm_content: ' hero ',
      }),
    ).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'given', utm_content: 'hero' });
  });

  it('no campaign parameters anywhere is null', () => {
    expect(attributionOf(`${SITE}/contact`, null)).toBeNull();
    expect(attributionOf('not a url', {})).toBeNull();
  });
});
