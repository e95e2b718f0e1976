import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import { LOG_REDACTION } from './log-redaction.ts';

export type LogFormat = 'pretty' | 'json';

/**
 * The process's logger: one line a person can read in a terminal (local time, level name, no
 * pid/host), JSON for a log collector otherwise. LOG_FORMAT overrides the guess. Every line goes
 * through the redaction layer (log-redaction.ts, decision 033): no secrets, no query parameters.
 */
export function createLogger({
  level,
  format,
  destination,
}: {
  level: string;
  format?: LogFormat | undefined;
  /** Where the lines go instead of stdout: a test's capture. */
  destination?: pino.DestinationStream;
}): pino.Logger {
  const options: pino.LoggerOptions = { level, ...LOG_REDACTION };
  if ((format ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json') return pino(options, destination);
  return pino(
    options,
    pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,request',
      sync: true,
      ...(destination && { destination }),
    }),
  );
}

/**
 * One line per request, written when the answer has gone: method, path, status and time.
 * Replaces Fastify's pair of "incoming request" / "request completed" lines.
 */
export function logEachRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // A path parameter named `token` is a secret (the webhook address): logged as the route's pattern.
    const secretInPath = typeof request.params === 'object' && request.params !== null && 'token' in request.params;
    const path = secretInPath ? request.routeOptions.url : (request.url.split('?')[0] ?? request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const request_ = { method: request.method, path, status: reply.statusCode, ms, reason: request.errorCode };
    const reason = request.errorCode ? ` ${request.errorCode}` : '';
    const line = `${request.method} ${path} ${reply.statusCode}${reason} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error({ request: request_ }, line);
    else request.log.info({ request: request_ }, line);
  });
}
