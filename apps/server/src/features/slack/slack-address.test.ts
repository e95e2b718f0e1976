import { describe, expect, it } from 'vitest';
import { slackRevocationOf } from './slack-message.ts';
import { maskSlackUrl, slackUrlProblem } from './slack-address.ts';

describe('slack addresses', () => {
  const strict = { allowPrivateNetworks: false };

  it('accepts only https://hooks.slack.com/services/…/…/… with the setting off', () => {
    expect(slackUrlProblem('https://hooks.slack.com/services/T0/B0/abc', strict)).toBeNull();
    for (const url of [
      'http://hooks.slack.com/services/T0/B0/abc',
      'https://hooks.slack.com:8443/services/T0/B0/abc',
      'https://hooks.slack.com/services/T0/B0',
      'https://hooks.slack.com/triggers/T0/1/abc',
      'https://evil.example/services/T0/B0/abc',
      'https://hooks.slack.com.evil.example/services/T0/B0/abc',
      'https://x:y@hooks.slack.com/services/T0/B0/abc',
      'https://127.0.0.1/services/T0/B0/abc',
    ])
      expect(slackUrlProblem(url, strict), url).toMatch(/Only Slack incoming-webhook URLs/);
    expect(slackUrlProblem('http://127.0.0.1:9/services/T0/B0/abc', { allowPrivateNetworks: true })).toBeNull();
  });

  it('masks everything after the team id’s first letter', () => {
    expect(maskSlackUrl('https://hooks.slack.com/services/T0ABC/B0DEF/secret123')).toBe(
      'https://hooks.slack.com/services/T…/…/••••',
    );
    expect(maskSlackUrl('http://127.0.0.1:9/elsewhere/secret')).toBe('http://127.0.0.1:9/…/••••');
  });

  it('knows Slack’s answers for a revoked URL from a passing failure', () => {
    expect(slackRevocationOf({ statusCode: 404, responseExcerpt: 'no_service' })).toMatch(/HTTP 404 no_service/);
    expect(slackRevocationOf({ statusCode: 410, responseExcerpt: 'channel_is_archived' })).not.toBeNull();
    expect(slackRevocationOf({ statusCode: 403, responseExcerpt: 'invalid_token' })).not.toBeNull();
    expect(slackRevocationOf({ statusCode: 403, responseExcerpt: 'action_prohibited' })).toBeNull();
    expect(slackRevocationOf({ statusCode: 500, responseExcerpt: 'no_service' })).toBeNull();
    expect(slackRevocationOf({ statusCode: 429, responseExcerpt: 'rate_limited' })).toBeNull();
    expect(slackRevocationOf({ statusCode: null, responseExcerpt: null })).toBeNull();
  });
});
