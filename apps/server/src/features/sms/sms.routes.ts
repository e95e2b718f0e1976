import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddPhoneSchema,
  MemberPhoneSchema,
  SMS_CODES_PER_HOUR,
  SMS_TESTS_PER_HOUR,
  VerifyPhoneSchema,
} from '@leadbell/shared/sms';
import { sessionUserOf } from '../../auth/require-session.ts';
import { AppError } from '../../http/app-error.ts';
import { documentationOnly, errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { addMemberPhone } from './add-member-phone.ts';
import { getMemberPhone } from './get-member-phone.ts';
import { recordSmsStatus } from './record-sms-status.ts';
import { removeMemberPhone } from './remove-member-phone.ts';
import { sendSmsTest } from './send-sms-test.ts';
import { SMS_CODES_AND_TESTS_PER_BUSINESS_PER_HOUR, SMS_CODES_PER_NUMBER_PER_HOUR } from './sms-allowances.ts';
import type { SmsProvider } from './sms-provider.ts';
import { verifyMemberPhone } from './verify-member-phone.ts';

const SMS_OFF = { 409: 'Text messages are off on this server (no Twilio account): `sms_disabled`.' } as const;

// Twilio posts a form; its fields are all strings, and every one of them is signed.
const StatusCallbackSchema = z
  .object({
    MessageSid: z.string().describe('The message’s id.'),
    MessageStatus: z.string().describe('queued, sent, delivered, undelivered, failed…'),
    ErrorCode: z.string().optional().describe('Why it was not delivered.'),
  })
  .catchall(z.string());
const MessageParamsSchema = z.object({ messageId: z.uuid() });

export function registerSmsRoutes(
  app: FastifyInstance,
  { db, requireSession, clock }: RouteContext,
  { sms, codeKey, publicUrl }: { sms: SmsProvider | null; codeKey: string; publicUrl: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const phone = { db, sms, codeKey, now: () => clock.now() };

  // The member's own number: every member manages theirs; nobody sees another's.
  routes.get(
    '/v1/me/phone',
    {
      schema: {
        summary: 'My mobile number',
        description:
          'The verified number leads can be texted to, the number waiting for its code, and whether this server sends text messages at all (`enabled`).',
        response: { 200: MemberPhoneSchema },
      },
      onRequest: requireSession,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(
          await getMemberPhone(db, { userId: sessionUserOf(request).id, isSmsEnabled: sms !== null, now: clock.now() }),
        ),
  );

  routes.post(
    '/v1/me/phone',
    {
      schema: {
        summary: 'Add my mobile number',
        description: `Texts a 6-digit code to the number (valid 10 minutes, 5 tries); confirm it with \`POST /v1/me/phone/verify\`. A number without a country code is read as the business’s default country’s. Only mobile numbers of the countries the server texts (\`SMS_ALLOWED_COUNTRIES\`): a landline, a premium-rate, shared-cost or toll-free number, or another country’s, answers 400 on \`phone\` and nothing is sent. A verified number stays in use until the new one is confirmed. Taken before the text goes: ${SMS_CODES_PER_HOUR} codes a member an hour, ${SMS_CODES_PER_NUMBER_PER_HOUR} a number (429 on \`phone\`), ${SMS_CODES_AND_TESTS_PER_BUSINESS_PER_HOUR} codes and test texts a business, and the server’s hourly ceiling (\`SMS_PER_HOUR\`).`,
        body: AddPhoneSchema,
        response: {
          200: MemberPhoneSchema,
          ...errorResponses({
            ...SMS_OFF,
            429: 'An allowance is spent (the message says which): `rate_limited`; retry after `Retry-After` seconds.',
            502: 'Twilio did not take the message: `sms_failed`.',
          }),
        },
      },
      onRequest: requireSession,
    },
    async (request) => {
      const user = sessionUserOf(request);
      return addMemberPhone(phone, { userId: user.id, entityId: user.entityId }, request.body);
    },
  );

  routes.post(
    '/v1/me/phone/verify',
    {
      schema: {
        summary: 'Confirm my mobile number',
        description:
          'The code texted by `POST /v1/me/phone`: right, the number becomes the member’s. Wrong: `invalid_code` with the tries left; expired: `code_expired`; the fifth wrong try ends the code: `too_many_attempts`.',
        body: VerifyPhoneSchema,
        response: {
          200: MemberPhoneSchema,
          ...errorResponses({ ...SMS_OFF, 429: 'Five wrong codes: `too_many_attempts`; add the number again.' }),
        },
      },
      onRequest: requireSession,
    },
    async (request) => verifyMemberPhone(phone, sessionUserOf(request).id, request.body),
  );

  routes.post(
    '/v1/me/phone/test',
    {
      schema: {
        summary: 'Text me a test message',
        description: `Texts the member’s verified number now (not retried, outside the plan’s allowance). At most ${SMS_TESTS_PER_HOUR} a member an hour, within the business’s ${SMS_CODES_AND_TESTS_PER_BUSINESS_PER_HOUR} codes and test texts and the server’s hourly ceiling.`,
        response: {
          204: noContent('Twilio took the text.'),
          ...errorResponses({
            ...SMS_OFF,
            404: 'The member has no verified mobile number: `not_found`.',
            429: 'An allowance is spent (the message says which): `rate_limited`; retry after `Retry-After` seconds.',
            502: 'Twilio did not take the message: `sms_failed`.',
          }),
        },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      await sendSmsTest(phone, { userId: user.id, entityId: user.entityId });
      return reply.status(204).send();
    },
  );

  routes.delete(
    '/v1/me/phone',
    {
      schema: {
        summary: 'Remove my mobile number',
        description: 'Forgets the number (verified and pending) and turns text messages off for the member.',
        response: { 204: noContent('Removed (or there was none).') },
      },
      onRequest: requireSession,
    },
    async (request, reply) => {
      await removeMemberPhone(db, sessionUserOf(request).id);
      return reply.status(204).send();
    },
  );

  // Its own scope: Twilio posts a form, taken here as the flat fields it signed.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const signed = scope.withTypeProvider<ZodTypeProvider>();
    const schema = (description: string, params?: typeof MessageParamsSchema) => ({
      summary: 'Twilio’s status callback',
      description: `${description} A settled message (delivered, undelivered, failed) updates the message and its lead delivery. For Twilio only, signed with \`X-Twilio-Signature\` (HMAC-SHA1 of this URL and the form fields with \`TWILIO_AUTH_TOKEN\`); an unsigned or forged callback answers 403 and changes nothing.`,
      security: [],
      ...(params && { params }),
      body: { content: { 'application/x-www-form-urlencoded': { schema: StatusCallbackSchema } } },
      response: {
        204: noContent('Recorded (or not a status that changes anything).'),
        ...errorResponses({ 403: 'No valid Twilio signature, or text messages are off: `forbidden`.' }),
      },
    });
    /** Records a signed callback about the message `messageId` (null: by its sid alone). */
    async function recordSigned(request: FastifyRequest, reply: FastifyReply, messageId: string | null) {
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      // Twilio signs the URL it was given (PUBLIC_URL's), not whatever Host a proxy passes on.
      const url = `${publicUrl}${request.url}`;
      if (!sms || typeof signature !== 'string' || !sms.isCallbackGenuine(url, params, signature))
        throw new AppError('forbidden', 'This callback is not signed by Twilio.');
      const parsed = StatusCallbackSchema.safeParse(params);
      if (parsed.success)
        await recordSmsStatus(db, {
          messageId,
          sid: parsed.data.MessageSid,
          status: parsed.data.MessageStatus,
          errorCode: parsed.data.ErrorCode ?? null,
          now: clock.now(),
        });
      return reply.status(204).send();
    }

    signed.post(
      '/v1/twilio/messages/:messageId/status',
      {
        schema: schema('A text message’s delivery status, at the message’s own URL.', MessageParamsSchema),
        validatorCompiler: documentationOnly,
      },
      async (request, reply) => {
        const message = MessageParamsSchema.safeParse(request.params);
        if (!message.success) throw new AppError('not_found', 'Message not found.');
        return recordSigned(request, reply, message.data.messageId);
      },
    );
    // Where texts sent before messages had their own URL (migration 0046) still report.
    signed.post(
      '/v1/twilio/status',
      {
        schema: schema('A text message’s delivery status, found by its sid: texts sent by earlier versions.'),
        validatorCompiler: documentationOnly,
      },
      (request, reply) => recordSigned(request, reply, null),
    );
  });
}
