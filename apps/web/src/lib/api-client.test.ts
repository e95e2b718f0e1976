import { describe, expect, it, vi } from 'vitest';
import { apiRequest, parseRetryAfter } from './api-client.ts';

describe('parseRetryAfter', () => {
  it('retry after › reads delta seconds', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(' 5 ')).toBe(5);
  });

  it('retry after › reads an HTTP date as seconds from now', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('retry after › anything else is unknown', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('apiRequest', () => {
  it('sends an action without input as an empty JSON object: the server takes a cookie’s changes as JSON only', async () => {
    const calls: Array<{ method: string; headers: Record<string, string>; body: unknown }> = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      calls.push({ method: init.method!, headers: init.headers as Record<string, string>, body: init.body });
      return new Response(null, { status: 204 });
    });
    try {
      await apiRequest('/v1/leads/x/claim', { method: 'POST' });
      await apiRequest('/v1/me/phone', { method: 'DELETE' });
      await apiRequest('/v1/me');
      await apiRequest('/v1/flows/x', { method: 'PATCH', body: { name: 'New' } });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(calls.map(({ method, headers, body }) => [method, headers['Content-Type'], body])).toEqual([
      ['POST', 'application/json', '{}'],
      ['DELETE', undefined, undefined],
      ['GET', undefined, undefined],
      ['PATCH', 'application/json', '{"name":"New"}'],
    ]);
  });
});
