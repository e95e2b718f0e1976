import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client.ts';
import type { ApiKeyCipher } from '../features/api-keys/api-key-cipher.ts';

/** What every feature's routes receive from app.ts. */
export type RouteContext = {
  db: Database;
  cipher: ApiKeyCipher;
  requireSession: preHandlerAsyncHookHandler;
};
