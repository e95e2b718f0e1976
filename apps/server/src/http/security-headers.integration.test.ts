import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function headersOf(publicUrl: string | undefined, path: string): Promise<Headers> {
  const app = await startTestApp(publicUrl ? { PUBLIC_URL: publicUrl } : {});
  apps.push(app);
  const response = await fetch(`${app.listenUrl}${path}`);
  // Read to the end: an answer left unread (the API reference is large) keeps its connection
  // busy, and closing the app waits for it (the 60 s afterAll timeouts of two CI runs).
  await response.arrayBuffer();
  return response.headers;
}

describe('security headers', () => {
  it('every answer carries a strict policy: own scripts only, no framing, no sniffing, a careful referrer', async () => {
    for (const path of ['/healthz', '/v1/me', '/v1/openapi.json', '/docs/api']) {
      const headers = await headersOf(undefined, path);
      const policy = headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const headers = await headersOf('https://leads.example.com', '/healthz');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
