import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { sendServiceUnavailable } from '../../http/error-handler.ts';
import { errorResponses } from '../../http/openapi-responses.ts';

/** Liveness says the process answers; readiness also needs the database. */
export function registerHealthRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  const liveness = {
    tags: ['Operations'],
    summary: 'Is the process up',
    response: { 200: z.object({ status: z.literal('ok') }) },
  };
  app.get('/healthz', { schema: liveness }, async () => ({ status: 'ok' }));

  const readiness = {
    tags: ['Operations'],
    summary: 'Can it serve requests',
    description: 'Ready when the database answers.',
    response: { 200: z.object({ status: z.literal('ready') }), ...errorResponses({ 503: true }) },
  };
  app.get('/readyz', { schema: readiness }, async (request, reply) => {
    try {
      await pool.query('select 1');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return sendServiceUnavailable(reply);
    }
  });
}
