import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import { websiteRouteOf } from '../http/ingestion-routes.ts';
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

// How often the answered-lead tally is written (and once more when the server stops).
const INGESTION_SUMMARY_INTERVAL_MS = 60_000;

/**
 * One line per request, written when the answer has gone: method, path, status and time.
 * Replaces Fastify's pair of "incoming request" / "request completed" lines. Leads a website sent
 * and got an answer for (and the fill-time tokens their form pages fetch) are tallied instead, one line a minute per route: at hundreds a second, a
 * line each costs the ingest CPU and buries what needs reading (issue 23). Refusals and errors
 * stay one line each.
 */
export function logEachRequest(app: FastifyInstance): void {
  const tallies = new Map<string, { answered: number; totalMs: number; slowestMs: number }>();
  const writeTallies = () => {
    for (const [route, { answered, totalMs, slowestMs }] of tallies) {
      const meanMs = Math.round((totalMs / answered) * 10) / 10;
      app.log.info(
        { ingestion: { route, answered, meanMs, slowestMs } },
        `${route}: ${answered} answered since the last tally, mean ${meanMs} ms, slowest ${slowestMs} ms`,
      );
    }
    tallies.clear();
  };
  const timer = setInterval(writeTallies, INGESTION_SUMMARY_INTERVAL_MS).unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(timer);
    writeTallies();
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const websiteRoute = reply.statusCode < 400 ? websiteRouteOf(request) : null;
    if (websiteRoute) {
      const tally = tallies.get(websiteRoute) ?? { answered: 0, totalMs: 0, slowestMs: 0 };
      tally.answered += 1;
      tally.totalMs += ms;
      tally.slowestMs = Math.max(tally.slowestMs, ms);
      tallies.set(websiteRoute, tally);
      return done();
    }
    // A path parameter named `token` is a secret (the webhook address): logged as the route's pattern.
    const secretInPath = typeof request.params === 'object' && request.params !== null && 'token' in request.params;
    const path = secretInPath ? request.routeOptions.url : (request.url.split('?')[0] ?? request.url);
    const request_ = { method: request.method, path, status: reply.statusCode, ms, reason: request.errorCode };
    const reason = request.errorCode ? ` ${request.errorCode}` : '';
    const line = `${request.method} ${path} ${reply.statusCode}${reason} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error({ request: request_ }, line);
    else request.log.info({ request: request_ }, line);
    done();
  });
}
