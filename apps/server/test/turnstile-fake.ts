import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The tokens the fake's widget would hand out: one Cloudflare accepts, and one it refuses. */
export const TURNSTILE_TOKENS = { passes: 'XXXX.PASSES.XXXX', fails: 'XXXX.FAILS.XXXX' } as const;

export type SiteverifyRequest = { secret: string; response: string; remoteip?: string };

export type TurnstileFake = {
  verifyUrl: string;
  /** Every siteverify request, in order, as Cloudflare would read it. */
  requests: SiteverifyRequest[];
  close: () => Promise<void>;
};

/**
 * A local stand-in for Cloudflare's siteverify endpoint (TURNSTILE_VERIFY_URL): answers as
 * Cloudflare documents — `success` with `error-codes` — for the secret it was started with.
 */
export async function startTurnstileFake(secret: string): Promise<TurnstileFake> {
  const requests: SiteverifyRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const check = JSON.parse(body) as SiteverifyRequest;
      requests.push(check);
      const errors =
        check.secret !== secret
          ? ['invalid-input-secret']
          : check.response === TURNSTILE_TOKENS.passes
            ? []
            : ['invalid-input-response'];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: errors.length === 0, 'error-codes': errors }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    verifyUrl: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
