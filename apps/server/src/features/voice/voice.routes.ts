import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY,
  CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY,
  CallerIdSchema,
  VerifyCallerIdSchema,
} from '@leadbell/shared/voice';
import { entityIdOf } from '../../auth/require-session.ts';
import { AppError } from '../../http/app-error.ts';
import { IdParamsSchema } from '../../http/ids.ts';
import { documentationOnly, errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { answerCall, pressCallKey } from './answer-call.ts';
import { getCallerId, requireOwnEntityId } from './get-caller-id.ts';
import { recordCallerIdStatus } from './record-caller-id-status.ts';
import { recordCallStatus } from './record-call-status.ts';
import { removeCallerId } from './remove-caller-id.ts';
import { startCallerIdVerification } from './start-caller-id-verification.ts';
import type { VoiceProvider } from './voice-provider.ts';

// Twilio posts a form; its fields are all strings, and every one of them is signed.
const CallFormSchema = z
  .object({
    CallSid: z.string().describe('The call’s id.'),
    CallStatus: z.string().optional().describe('ringing, in-progress, completed, no-answer, busy, failed…'),
    CallDuration: z.string().optional().describe('Seconds, once the call ended.'),
    Digits: z.string().optional().describe('The key pressed (the gather only).'),
  })
  .catchall(z.string());
const CallParamsSchema = z.object({ callId: z.uuid() });
// A caller ID verification's callback (OutgoingCallerIds' StatusCallback): signed like the calls'.
const CallerIdFormSchema = z
  .object({
    CallSid: z.string().optional().describe('The verification call’s id.'),
    VerificationStatus: z.string().describe('success or failed.'),
    OutgoingCallerIdSid: z.string().optional().describe('The verified caller ID’s id (PN…), on success.'),
  })
  .catchall(z.string());
const VerificationParamsSchema = z.object({ verificationId: z.uuid() });

const SIGNED =
  'For Twilio only, signed with `X-Twilio-Signature` (HMAC-SHA1 of this URL on PUBLIC_URL and the form fields with `TWILIO_AUTH_TOKEN`); an unsigned or forged request answers 403 and changes nothing.';
const FORBIDDEN = errorResponses({ 403: 'No valid Twilio signature, or calls are off: `forbidden`.' });
const TWIML = { 200: { description: 'TwiML.', content: { 'text/xml': { schema: z.string() } } } };

const CALLS_OFF = { 409: 'Phone calls are off on this server (no Twilio phone number): `voice_disabled`.' } as const;

/**
 * What Twilio asks of a lead call (issue 50): its TwiML, the key pressed, its status; and the
 * business's own caller ID, which admins verify through Twilio's call (decision 082). Every
 * request from Twilio is checked against its signature of PUBLIC_URL's address before anything
 * is read.
 */
export function registerVoiceRoutes(
  app: FastifyInstance,
  { db, clock, requireSession, requireAdmin }: RouteContext,
  {
    voice,
    publicUrl,
    allowedCountries,
  }: { voice: VoiceProvider | null; publicUrl: string; allowedCountries: readonly string[] },
) {
  /** Twilio's form, once its signature is Twilio's for the URL Twilio was given (not whatever Host a proxy passes on). */
  function signedParams(request: FastifyRequest): { provider: VoiceProvider; params: Record<string, string> } {
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    if (
      !voice ||
      typeof signature !== 'string' ||
      !voice.isCallbackGenuine(`${publicUrl}${request.url}`, params, signature)
    )
      throw new AppError('forbidden', 'This request is not signed by Twilio.');
    return { provider: voice, params };
  }
  /** A lead call's form, signed, with the call's id from its URL. */
  function signedForm(request: FastifyRequest) {
    const { params } = signedParams(request);
    const form = CallFormSchema.safeParse(params);
    const callId = CallParamsSchema.safeParse(request.params);
    if (!form.success || !callId.success) throw new AppError('not_found', 'Call not found.');
    return { ...form.data, callId: callId.data.callId };
  }
  const twiml = (reply: FastifyReply, body: string) => reply.type('text/xml').send(body);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = [requireSession, requireAdmin];
  const callerIds = { db, voice, allowedCountries, now: () => clock.now() };

  // The business's own caller ID: admins only (decision 023); another business's id answers 404.
  routes.get(
    '/v1/entities/:id/caller-id',
    {
      schema: {
        summary: 'The business’s caller ID',
        description:
          'The number customers see when a member presses 1 on a lead call: the business’s verified number, else the server’s (`defaultNumber`, TWILIO_FROM_NUMBER). `verification` is the number Twilio is calling now (`pending`, with the `validationCode` to type) or could not verify (`failed`).',
        params: IdParamsSchema,
        response: { 200: CallerIdSchema },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getCallerId(db, voice, requireOwnEntityId(request.params.id, entityIdOf(request)))),
  );

  routes.post(
    '/v1/entities/:id/caller-id',
    {
      schema: {
        summary: 'Verify the business’s number as its caller ID',
        description: `Twilio calls the number now (Twilio’s OutgoingCallerIds); whoever answers types the 6-digit \`verification.validationCode\` answered here on the phone’s keypad. Twilio’s signed status callback then makes it the caller ID (\`verified\`) or marks it \`failed\`. A number without a country code is read as the business’s default country’s. Only a business line (landline, mobile, toll-free, VoIP) in the countries the server phones (\`SMS_ALLOWED_COUNTRIES\`) that no other business here uses: otherwise 400 on \`phone\`, and nothing is called. A verified number stays in use until the new one is verified. Taken before Twilio calls: ${CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY} verifications a business a day and ${CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY} a number, whoever asks (429 on \`phone\`).`,
        params: IdParamsSchema,
        body: VerifyCallerIdSchema,
        response: {
          200: CallerIdSchema,
          ...errorResponses({
            ...CALLS_OFF,
            429: 'An allowance is spent (the message says which): `rate_limited`; retry after `Retry-After` seconds.',
            502: 'Twilio did not start the call: `caller_id_failed`.',
          }),
        },
      },
      onRequest: admin,
    },
    async (request) =>
      startCallerIdVerification(callerIds, {
        entityId: requireOwnEntityId(request.params.id, entityIdOf(request)),
        input: request.body,
      }),
  );

  routes.delete(
    '/v1/entities/:id/caller-id',
    {
      schema: {
        summary: 'Remove the business’s caller ID',
        description:
          'Forgets the verified number and any verification: customers see the server’s number again. The number is removed from the Twilio account too.',
        params: IdParamsSchema,
        response: { 204: noContent('Removed (or there was none).') },
      },
      onRequest: admin,
    },
    async (request, reply) => {
      await removeCallerId(db, voice, requireOwnEntityId(request.params.id, entityIdOf(request)));
      return reply.status(204).send();
    },
  );

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const signed = scope.withTypeProvider<ZodTypeProvider>();
    const schema = (summary: string, description: string, response: object) => ({
      summary,
      description: `${description} ${SIGNED}`,
      security: [],
      params: CallParamsSchema,
      body: { content: { 'application/x-www-form-urlencoded': { schema: CallFormSchema } } },
      response: { ...response, ...FORBIDDEN },
    });

    signed.post(
      '/v1/twilio/calls/:callId/twiml',
      {
        schema: schema(
          'A lead call’s TwiML',
          'What the member hears when they pick up: the business, the flow’s title and message, then one key (1 takes the lead and connects the customer, 2 passes it on).',
          TWIML,
        ),
        validatorCompiler: documentationOnly,
      },
      async (request, reply) => {
        const form = signedForm(request);
        return twiml(reply, await answerCall(db, publicUrl, { callId: form.callId, callSid: form.CallSid }));
      },
    );

    signed.post(
      '/v1/twilio/calls/:callId/gather',
      {
        schema: schema(
          'The key pressed on a lead call',
          '`Digits=1` claims the lead for the member called (their first response, as “I’m on it”) and dials the customer with the business’s caller ID; `Digits=2` passes it to the next member in turn.',
          TWIML,
        ),
        validatorCompiler: documentationOnly,
      },
      async (request, reply) => {
        const form = signedForm(request);
        return twiml(
          reply,
          await pressCallKey(db, voice!, {
            callId: form.callId,
            callSid: form.CallSid,
            digits: form.Digits ?? '',
            now: clock.now(),
          }),
        );
      },
    );

    signed.post(
      '/v1/twilio/calls/:callId/status',
      {
        schema: schema(
          'A lead call’s status callback',
          'Ringing, answered (in-progress), completed, no-answer, busy or failed, with the duration once it ended.',
          { 204: noContent('Recorded (or not a status that changes anything).') },
        ),
        validatorCompiler: documentationOnly,
      },
      async (request, reply) => {
        const form = signedForm(request);
        const seconds = Number(form.CallDuration);
        await recordCallStatus(db, {
          callId: form.callId,
          callSid: form.CallSid,
          status: form.CallStatus ?? '',
          durationSeconds: Number.isFinite(seconds) && form.CallDuration ? seconds : null,
          now: clock.now(),
        });
        return reply.status(204).send();
      },
    );

    signed.post(
      '/v1/twilio/caller-ids/:verificationId/status',
      {
        schema: {
          summary: 'A caller ID verification’s status callback',
          description: `How Twilio’s verification call ended: \`VerificationStatus=success\` (with \`OutgoingCallerIdSid\`) makes the number the business’s caller ID; anything else marks it failed. Only the verification still waiting at this URL moves. ${SIGNED}`,
          security: [],
          params: VerificationParamsSchema,
          body: { content: { 'application/x-www-form-urlencoded': { schema: CallerIdFormSchema } } },
          response: { 204: noContent('Recorded (or not a verification waiting here).'), ...FORBIDDEN },
        },
        validatorCompiler: documentationOnly,
      },
      async (request, reply) => {
        const { provider, params } = signedParams(request);
        const form = CallerIdFormSchema.safeParse(params);
        const verification = VerificationParamsSchema.safeParse(request.params);
        if (form.success && verification.success)
          await recordCallerIdStatus(db, provider, {
            verificationId: verification.data.verificationId,
            callSid: form.data.CallSid ?? null,
            verificationStatus: form.data.VerificationStatus,
            twilioSid: form.data.OutgoingCallerIdSid ?? null,
            now: clock.now(),
          });
        return reply.status(204).send();
      },
    );
  });
}
