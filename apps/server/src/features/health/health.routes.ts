import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/** Liveness says the process answers; readiness also needs the database. */
export function registerHealthRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await pool.query('select 1');
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return reply.status(503).send({ error: { code: 'internal_error', message: 'Database unreachable.' } });
    }
  });
}
