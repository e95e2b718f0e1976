import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { documentationOnly, errorResponses, noContent } from '../../http/openapi-responses.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { answerCall, pressCallKey } from './answer-call.ts';
import { recordCallStatus } from './record-call-status.ts';
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

const SIGNED =
  'For Twilio only, signed with `X-Twilio-Signature` (HMAC-SHA1 of this URL on PUBLIC_URL and the form fields with `TWILIO_AUTH_TOKEN`); an unsigned or forged request answers 403 and changes nothing.';
const FORBIDDEN = errorResponses({ 403: 'No valid Twilio signature, or calls are off: `forbidden`.' });
const TWIML = { 200: { description: 'TwiML.', content: { 'text/xml': { schema: z.string() } } } };

/**
 * What Twilio asks of a lead call (issue 50): its TwiML, the key pressed, its status. Every
 * request is checked against Twilio's signature of PUBLIC_URL's address before anything is read.
 */
export function registerVoiceRoutes(
  app: FastifyInstance,
  { db, clock }: RouteContext,
  { voice, publicUrl }: { voice: VoiceProvider | null; publicUrl: string },
) {
  /** The form, once its signature is Twilio's for the URL Twilio was given (not whatever Host a proxy passes on). */
  function signedForm(request: FastifyRequest) {
    const params = (request.body ?? {}) as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    if (
      !voice ||
      typeof signature !== 'string' ||
      !voice.isCallbackGenuine(`${publicUrl}${request.url}`, params, signature)
    )
      throw new AppError('forbidden', 'This request is not signed by Twilio.');
    const form = CallFormSchema.safeParse(params);
    const callId = CallParamsSchema.safeParse(request.params);
    if (!form.success || !callId.success) throw new AppError('not_found', 'Call not found.');
    return { ...form.data, callId: callId.data.callId };
  }
  const twiml = (reply: FastifyReply, body: string) => reply.type('text/xml').send(body);

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const schema = (summary: string, description: string, response: object) => ({
      summary,
      description: `${description} ${SIGNED}`,
      security: [],
      params: CallParamsSchema,
      body: { content: { 'application/x-www-form-urlencoded': { schema: CallFormSchema } } },
      response: { ...response, ...FORBIDDEN },
    });

    routes.post(
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

    routes.post(
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

    routes.post(
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
  });
}
