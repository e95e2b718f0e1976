import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token-0123456789';
export const FAKE_TWILIO_FROM = '+15005550006';

/** One Messages post as Twilio would receive it: who authenticated, and the form's fields. */
export type TwilioMessagePost = {
  sid: string;
  accountSid: string;
  authorization: string;
  fields: Record<string, string>;
};

/** One Calls post: the call Leadbell asked for (To, From, Url, StatusCallback…). */
export type TwilioCallPost = { sid: string; fields: Record<string, string> };

/**
 * One OutgoingCallerIds post (a caller ID verification): the number, the code Twilio answered,
 * the verification call's sid and the StatusCallback its outcome goes to.
 */
export type TwilioCallerIdRequest = { callSid: string; validationCode: string; fields: Record<string, string> };

/** What playing a call heard: the TwiML of its Url, and of its Gather's action once a key was pressed. */
export type PlayedCall = { twiml: string; status: number; gather: { twiml: string; status: number } | null };

/**
 * Twilio's request signature as Twilio computes it (twilio.com/docs/usage/security), written here
 * from the documentation rather than imported, so the server's own check is what is tested:
 * HMAC-SHA1 with the auth token over the URL and each POST field's name and value, names sorted.
 */
function signatureOf(url: string, fields: Record<string, string>, token = FAKE_TWILIO_TOKEN): string {
  const signed = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + fields[name], url);
  return createHmac('sha1', token).update(signed, 'utf8').digest('base64');
}

/** POSTs a form to Leadbell as Twilio does: signed, unless `signature` says otherwise. */
async function postAsTwilio(url: string, fields: Record<string, string>, signature = signatureOf(url, fields)) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text() };
}

/**
 * A fake Twilio REST API on 127.0.0.1: `POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * `…/Calls.json` and `…/OutgoingCallerIds.json`, `DELETE …/OutgoingCallerIds/{PN…}.json`, Basic
 * auth with the account SID and auth token (401 with Twilio's 20003 otherwise). It keeps each
 * message, call and caller ID verification and answers as Twilio does (a new `SM…` or `CA…` sid;
 * a verification's `validation_code` and `call_sid`, or 21450 for a number already verified).
 * `refuse` makes the next posts answer Twilio's error instead; `holdAnswers` delays its answers
 * to call or message creations (a slow network), the calls placed and the messages sent already. `play` plays a call as Twilio
 * would: status callbacks, the TwiML fetched from its Url, a key posted to its Gather's action,
 * all signed; `typeCallerIdCode` answers a verification call.
 */
export async function startFakeTwilio() {
  const messages: TwilioMessagePost[] = [];
  const calls: TwilioCallPost[] = [];
  const callerIdRequests: TwilioCallerIdRequest[] = [];
  // The account's verified caller IDs: PN sid → number.
  const verifiedCallerIds = new Map<string, string>();
  let refusal: { status: number; code: number; message: string } | null = null;
  // While set, a post of that resource is recorded at once and answered when it settles (holdAnswers).
  const answersHeld: Record<'Calls' | 'Messages', Promise<void> | null> = { Calls: null, Messages: null };
  const expectedAuthorization = `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const answer = (status: number, json: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const match =
        /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls|OutgoingCallerIds)(?:\/(PN[0-9a-f]+))?\.json$/.exec(
          request.url ?? '',
        );
      const isDelete = request.method === 'DELETE' && match?.[2] === 'OutgoingCallerIds' && match[3];
      if (!match || (request.method !== 'POST' && !isDelete) || (request.method === 'POST' && match[3]))
        return answer(404, { code: 20404, message: 'Not found', status: 404 });
      if (request.headers.authorization !== expectedAuthorization || match[1] !== FAKE_TWILIO_SID)
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (refusal) return answer(refusal.status, { ...refusal });
      if (isDelete) {
        if (!verifiedCallerIds.delete(match[3]!))
          return answer(404, { code: 20404, message: 'Not found', status: 404 });
        return response.writeHead(204).end();
      }
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (match[2] === 'OutgoingCallerIds') {
        if ([...verifiedCallerIds.values()].includes(fields.PhoneNumber!))
          return answer(400, { code: 21450, message: 'Phone number is already verified.', status: 400 });
        const callSid = `CA${randomBytes(16).toString('hex')}`;
        const validationCode = String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0');
        callerIdRequests.push({ callSid, validationCode, fields });
        return answer(201, {
          account_sid: FAKE_TWILIO_SID,
          call_sid: callSid,
          friendly_name: fields.FriendlyName ?? fields.PhoneNumber,
          phone_number: fields.PhoneNumber,
          validation_code: validationCode,
        });
      }
      if (match[2] === 'Calls') {
        const sid = `CA${randomBytes(16).toString('hex')}`;
        calls.push({ sid, fields });
        const answerCreated = () => answer(201, { sid, status: 'queued', to: fields.To, from: fields.From });
        return answersHeld.Calls ? void answersHeld.Calls.then(answerCreated) : answerCreated();
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      messages.push({ sid, accountSid: match[1], authorization: request.headers.authorization, fields });
      const answerSent = () =>
        answer(201, { sid, status: 'queued', to: fields.To, from: fields.From, body: fields.Body });
      return answersHeld.Messages ? void answersHeld.Messages.then(answerSent) : answerSent();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    /** The messages sent to `to`, oldest first. */
    to: (to: string) => messages.filter((message) => message.fields.To === to),
    refuse: (next: typeof refusal) => (refusal = next),
    calls,
    /**
     * Holds the answers to call (or message) creations until the returned release is called: the
     * calls are placed (and can be played), the messages sent (and can report their status), before
     * Leadbell reads their sid, as when Twilio's answer is slow.
     */
    holdAnswers(resource: 'Calls' | 'Messages') {
      let release!: () => void;
      answersHeld[resource] = new Promise<void>((resolve) => (release = resolve));
      return () => {
        answersHeld[resource] = null;
        release();
      };
    },
    /** The calls placed to `to`, oldest first. */
    callsTo: (to: string) => calls.filter((call) => call.fields.To === to),
    /**
     * Plays `call`: ringing, then the member answers, Leadbell's TwiML is fetched and `digits` (if
     * any) pressed; the call then completes after `durationSeconds`. `answer: 'no-answer' | 'busy'
     * | 'failed'` ends it unanswered instead. `signature` replaces every signature (a forgery).
     */
    async play(
      call: TwilioCallPost,
      {
        digits,
        answer = 'answered',
        durationSeconds = 30,
        signature,
      }: {
        digits?: string;
        answer?: 'answered' | 'no-answer' | 'busy' | 'failed';
        durationSeconds?: number;
        signature?: string;
      } = {},
    ): Promise<PlayedCall> {
      const base = { AccountSid: FAKE_TWILIO_SID, CallSid: call.sid, From: call.fields.From!, To: call.fields.To! };
      const callback = call.fields.StatusCallback!;
      const post = (url: string, fields: Record<string, string>) =>
        postAsTwilio(url, fields, signature ?? signatureOf(url, fields));
      await post(callback, { ...base, CallStatus: 'ringing' });
      if (answer !== 'answered') {
        await post(callback, { ...base, CallStatus: answer, CallDuration: '0' });
        return { twiml: '', status: 0, gather: null };
      }
      const opened = await post(call.fields.Url!, { ...base, CallStatus: 'in-progress' });
      await post(callback, { ...base, CallStatus: 'in-progress' });
      const action = /<Gather[^>]* action="([^"]+)"/.exec(opened.text)?.[1]?.replace(/&#38;|&amp;/g, '&');
      const gather =
        digits !== undefined && action
          ? await post(action, { ...base, CallStatus: 'in-progress', Digits: digits })
          : null;
      await post(callback, { ...base, CallStatus: 'completed', CallDuration: String(durationSeconds) });
      return {
        twiml: opened.text,
        status: opened.status,
        gather: gather && { twiml: gather.text, status: gather.status },
      };
    },
    callerIdRequests,
    /** The caller ID verifications asked for `phone`, oldest first. */
    callerIdRequestsFor: (phone: string) => callerIdRequests.filter((asked) => asked.fields.PhoneNumber === phone),
    /** The numbers the account holds as verified caller IDs. */
    verifiedCallerIds: () => [...verifiedCallerIds.values()],
    /**
     * Answers `asked`'s verification call and types `digits` on the keypad (none: not answered):
     * the right code verifies the number (a new `PN…` caller ID), anything else fails it. Either
     * way the StatusCallback is posted as Twilio posts it, signed unless `signature` forges it.
     */
    async typeCallerIdCode(
      asked: TwilioCallerIdRequest,
      { digits, signature }: { digits?: string; signature?: string } = {},
    ): Promise<{ status: number; outgoingCallerIdSid: string | null }> {
      const isRight = digits === asked.validationCode;
      const outgoingCallerIdSid = isRight ? `PN${randomBytes(16).toString('hex')}` : null;
      const url = asked.fields.StatusCallback!;
      const fields: Record<string, string> = {
        AccountSid: FAKE_TWILIO_SID,
        CallSid: asked.callSid,
        To: asked.fields.PhoneNumber!,
        CallStatus: digits === undefined ? 'no-answer' : 'completed',
        VerificationStatus: isRight ? 'success' : 'failed',
        ...(outgoingCallerIdSid && { OutgoingCallerIdSid: outgoingCallerIdSid }),
      };
      // Twilio holds the caller ID once the code is right, whatever Leadbell answers the callback.
      if (outgoingCallerIdSid && signature === undefined)
        verifiedCallerIds.set(outgoingCallerIdSid, asked.fields.PhoneNumber!);
      const posted = await postAsTwilio(url, fields, signature ?? signatureOf(url, fields));
      return { status: posted.status, outgoingCallerIdSid };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/** The server's settings that send its texts and calls to `twilio`. */
export function fakeTwilioEnv(twilio: FakeTwilio) {
  return {
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
    TWILIO_FROM_NUMBER: FAKE_TWILIO_FROM,
    TWILIO_API_URL: twilio.url,
  };
}

/**
 * Fresh valid UK mobile numbers after `first`, a new one each call, so one test's texts and calls
 * never count against another's. Each test file takes its own range.
 */
export function mobileNumbers(first: number): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `+4479112${String(first + count).padStart(5, '0')}`;
  };
}
