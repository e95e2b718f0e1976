import { timingSafeEqual } from 'node:crypto';

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TelegramDeepLinkSchema,
  TelegramLinkSchema,
  TelegramStateSchema,
  UpdateTelegramSchema,
} from '@leadbell/shared/telegram';
import { entityIdOf, sessionUserOf } from '../../auth/require-session.ts';
import { AppError } from '../../http/app-error.ts';
import { ENTITY_REQUIRED, errorResponses, jsonResponse, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { createTelegramLink } from './create-telegram-link.ts';
import { getTelegramState } from './get-telegram-state.ts';
import { handleTelegramUpdate, type TelegramUpdate } from './handle-telegram-update.ts';
import { sendTelegramTest } from './send-telegram-test.ts';
import type { TelegramConfig } from './telegram-config.ts';
import { unlinkTelegram } from './unlink-telegram.ts';
import { updateTelegram } from './update-telegram.ts';

const TELEGRAM_OFF = errorResponses({
  409: 'Telegram is off on this server (no `TELEGRAM_BOT_TOKEN`): `telegram_disabled`, or `entity_required`.',
});
const NOT_LINKED = errorResponses({ 404: 'Telegram is not linked: `not_found`.' });

function requireTelegram(telegram: TelegramConfig | null): TelegramConfig {
  if (!telegram)
    throw new AppError(
      'telegram_disabled',
      'Telegram is not set up on this server: its administrator sets TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME (docs/operations.md, “Telegram”).',
    );
  return telegram;
}

function isSecretValid(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A member's own Telegram (issue 27, decision 052): every member, for themselves only, so no
 * admin guard and no ids in the paths. And the bot's webhook, for Telegram only.
 */
export function registerTelegramRoutes(
  app: FastifyInstance,
  { db, requireSession, clock }: RouteContext,
  { telegram, log }: { telegram: TelegramConfig | null; log: FastifyBaseLogger },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const memberOf = (request: Parameters<typeof sessionUserOf>[0]) => ({
    userId: sessionUserOf(request).id,
    entityId: entityIdOf(request),
  });

  routes.get(
    '/v1/me/telegram',
    {
      schema: {
        summary: 'Get my Telegram link',
        description:
          'Whether this server has Telegram (`enabled`) and the signed-in member’s linked chat: its name, when it was linked and whether leads are sent there (`notifications`); `link: null` when not linked.',
        response: { 200: TelegramStateSchema, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request) => getTelegramState(db, { ...memberOf(request), isEnabled: telegram !== null }),
  );

  routes.post(
    '/v1/me/telegram',
    {
      schema: {
        summary: 'Start linking Telegram',
        description:
          'A one-time deep link to the bot (`https://t.me/<bot>?start=<token>`), valid 15 minutes: opening it and pressing Start links that chat to the signed-in member, replacing any chat linked before. A new link withdraws the previous unused one.',
        response: { 200: TelegramDeepLinkSchema, ...TELEGRAM_OFF },
      },
      onRequest: requireSession,
    },
    async (request) => createTelegramLink(db, requireTelegram(telegram), { ...memberOf(request), now: clock.now() }),
  );

  routes.patch(
    '/v1/me/telegram',
    {
      schema: {
        summary: 'Turn Telegram on or off for me',
        description: '`notifications: false` stops sending leads to the member’s chat; the link stays.',
        body: UpdateTelegramSchema,
        response: { 200: TelegramLinkSchema, ...NOT_LINKED, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request) => updateTelegram(db, memberOf(request), request.body),
  );

  routes.delete(
    '/v1/me/telegram',
    {
      schema: {
        summary: 'Unlink Telegram',
        description: 'Forgets the member’s chat: nothing more is sent there and its “I’m on it” buttons stop working.',
        response: { 204: noContent('Unlinked.'), ...NOT_LINKED, ...ENTITY_REQUIRED },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      await unlinkTelegram(db, memberOf(request));
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/me/telegram/test',
    {
      schema: {
        summary: 'Send me a Telegram test message',
        description: 'Sends a test message to the member’s linked chat now (not retried).',
        response: {
          204: noContent('Telegram took the message.'),
          ...NOT_LINKED,
          ...TELEGRAM_OFF,
          ...errorResponses({ 503: 'Telegram did not take the message: `service_unavailable`.' }),
        },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      await sendTelegramTest(db, requireTelegram(telegram), memberOf(request));
      return reply.status(204).send();
    },
  );

  routes.post(
    '/v1/telegram/webhook',
    {
      schema: {
        summary: 'Telegram’s webhook',
        description:
          'For Telegram only, when `PUBLIC_URL` is https (the server calls `setWebhook` at start): bot updates, verified by the `X-Telegram-Bot-Api-Secret-Token` header. Reads `/start <token>` (links a chat) and the “I’m on it” button (claims the lead). A missing or wrong secret answers 401.',
        body: z.looseObject({ update_id: z.number().int() }).describe('A Bot API Update.'),
        response: {
          200: jsonResponse(z.object({ ok: z.literal(true) }), 'Handled (or ignored).'),
          ...errorResponses({
            401: 'No or a wrong `X-Telegram-Bot-Api-Secret-Token`: `unauthorized`.',
            409: 'Telegram is off on this server: `telegram_disabled`.',
          }),
        },
      },
    },
    async (request) => {
      const config = requireTelegram(telegram);
      if (!isSecretValid(config.webhookSecret, request.headers['x-telegram-bot-api-secret-token']))
        throw new AppError('unauthorized', 'The secret token does not match.');
      try {
        await handleTelegramUpdate({ db, config, clock }, request.body as TelegramUpdate);
      } catch (error) {
        // Telegram redelivers an update it got no 200 for, again and again: one that fails here is logged and dropped.
        log.error({ err: error, updateId: request.body.update_id }, 'telegram: an update failed');
      }
      return { ok: true as const };
    },
  );
}
