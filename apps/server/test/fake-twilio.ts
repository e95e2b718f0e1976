import { randomBytes } from 'node:crypto';
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

/**
 * A fake Twilio REST API on 127.0.0.1: `POST /2010-04-01/Accounts/{sid}/Messages.json`, Basic auth
 * with the account SID and auth token (401 with Twilio's 20003 otherwise), keeps each message and
 * answers with a new `SM…` sid. `refuse` makes the next posts answer Twilio's error instead.
 */
export async function startFakeTwilio() {
  const messages: TwilioMessagePost[] = [];
  let refusal: { status: number; code: number; message: string } | null = null;
  const expectedAuthorization = `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const answer = (status: number, json: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) return answer(404, { code: 20404, message: 'Not found', status: 404 });
      if (request.headers.authorization !== expectedAuthorization || match[1] !== FAKE_TWILIO_SID)
        return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (refusal) return answer(refusal.status, { ...refusal });
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const fields = Object.fromEntries(new URLSearchParams(body));
      messages.push({ sid, accountSid: match[1], authorization: request.headers.authorization, fields });
      answer(201, { sid, status: 'queued', to: fields.To, from: fields.From, body: fields.Body });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
