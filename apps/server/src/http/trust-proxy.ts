import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../env.ts';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function: Fastify 5.12 fails closed
 * on a number (it trusts no hop at all). proxy-addr calls it for each address from the socket
 * outwards (hop 0 is the peer), so the first `hops` addresses are proxies and the next one, read
 * from the right of X-Forwarded-For, is the client; whatever the client wrote further left is ignored.
 */
export function toFastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
