import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings the server keeps of what it serves from memory. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * A body served from memory, and its encodings as far as they were asked for: each is compressed
 * on its first request and kept. Not at boot: Brotli at its best quality took a quarter of a
 * second for the public pages on this machine kind, which every start waited for, and a server
 * that only takes leads never needs it (docs/performance.md, "Start").
 */
export type KeptBody = { identity: Buffer; encoded: Partial<Record<ContentEncoding, Promise<Buffer>>> };

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

export function keptBody(identity: Buffer): KeptBody {
  return { identity, encoded: {} };
}

/** The first encoding the client accepts (q > 0) of the ones we keep, Brotli first. */
export function preferredEncoding(header: string | undefined): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    weights.set(name, quality ? Number(quality.slice(2)) : 1);
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/**
 * Sends `body` in the encoding the client prefers, compressed on libuv's thread pool (never on the
 * event loop) the first time it is asked for. `brotliQuality`: 11 for small documents served
 * often, lower for a large file, whose first request waits for it; gzip is always at level 9.
 */
export async function sendKeptBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: KeptBody,
  brotliQuality: number,
): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.identity);
  body.encoded[encoding] ??=
    encoding === 'br'
      ? compressWithBrotli(body.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
      : compressWithGzip(body.identity, { level: 9 });
  return reply.header('content-encoding', encoding).send(await body.encoded[encoding]);
}
