import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../test/http-client.ts';
import { PASSWORD, createFlow, onboardedOwner } from '../../test/owners.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { createLogger } from './logger.ts';

// Issue 22, item 3: a failing query used to put its bound values in the log (the caller's session
// token, lead data). Each test breaks a table the request's query needs, in this file's own
// database, and reads everything the server wrote: its logger's lines and any console output.

type LogLine = { reqId?: string; err?: unknown; request?: unknown };

let output = '';
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    output += chunk.toString('utf8');
    done();
  },
});

let app: TestApp;
let owner: Awaited<ReturnType<typeof onboardedOwner>>;
let flowId: string;

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    log: createLogger({ level: 'info', format: 'json', destination: capture }),
  });
  owner = await onboardedOwner(app);
  flowId = await createFlow(owner.client);
});

afterAll(async () => {
  await app?.close();
});

type Answer = { status: number; body: { error: { requestId: string } } };

/**
 * Runs one request with the database broken by `breakIt` (repaired after) and returns the answer
 * and everything the server wrote until that request's own log line (written once it answered).
 */
async function logWhile(
  breakIt: string,
  repair: string,
  request: () => Promise<Answer>,
): Promise<{ response: Answer; text: string; lines: LogLine[] }> {
  const start = output.length;
  const consoleOutput: string[] = [];
  const record = (...args: unknown[]) => void consoleOutput.push(format(...args));
  const consoleSpies = [
    vi.spyOn(console, 'error').mockImplementation(record),
    vi.spyOn(console, 'warn').mockImplementation(record),
  ];
  await app.pool.query(breakIt);
  try {
    const response = await request();
    const linesSoFar = () =>
      output
        .slice(start)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    const isAnswered = () =>
      linesSoFar().some((line) => line.reqId === response.body.error.requestId && line.request !== undefined);
    for (let waited = 0; waited < 5_000 && !isAnswered(); waited += 20) await sleep(20);
    return { response, text: output.slice(start) + consoleOutput.join('\n'), lines: linesSoFar() };
  } finally {
    for (const spy of consoleSpies) spy.mockRestore();
    await app.pool.query(repair);
  }
}

/** The error line the request's id leads an operator to. */
function errorLineOf(lines: LogLine[], requestId: string): string {
  const line = lines.find((entry) => entry.reqId === requestId && entry.err !== undefined);
  expect(line, `an error line with reqId ${requestId}`).toBeDefined();
  return JSON.stringify(line);
}

describe('logs without secrets', () => {
  it("a signed-in request whose session lookup fails logs the error and the request id, not the caller's session token", async () => {
    const cookie = owner.client.cookies.get('better-auth.session_token')!;
    const token = decodeURIComponent(cookie).split('.')[0]!;
    expect(token).toMatch(/^\w{32}$/);

    const { response, text, lines } = await logWhile(
      'alter table sessions rename column user_agent to user_agent_broken',
      'alter table sessions rename column user_agent_broken to user_agent',
      () => owner.client.get('/v1/me'),
    );

    expect(response.status).toBe(500);
    expect(text).not.toContain(token);
    expect(text).not.toContain(decodeURIComponent(cookie).split('.')[1]!);
    const errorLine = errorLineOf(lines, response.body.error.requestId);
    expect(errorLine).toContain('42703');
    expect(errorLine).toContain('column \\"user_agent\\" does not exist');
    expect(errorLine).toContain('from \\"sessions\\" where \\"sessions\\".\\"token\\" = $1');
  });

  it('a sign-in whose session cannot be stored logs the error and the request id, not the new session token', async () => {
    const queries = vi.spyOn(app.pool, 'query');
    const client = createHttpClient(app);
    const { response, text, lines } = await logWhile(
      'alter table sessions add constraint log_test_broken check (false) not valid',
      'alter table sessions drop constraint log_test_broken',
      () => client.post('/v1/auth/sign-in/email', { email: owner.email, password: PASSWORD }),
    );
    // The token the server generated and sent to PostgreSQL with the insert that failed.
    const insert = (queries.mock.calls as unknown[][]).find(([query]) =>
      /^insert into "sessions"/.test(typeof query === 'string' ? query : (query as { text: string }).text),
    );
    queries.mockRestore();
    expect(insert).toBeDefined();
    const [query, values] = insert as [{ text: string }, unknown[]];
    const columns = /\(([^)]*)\) values/.exec(query.text)![1]!.split(', ');
    const token = values[columns.indexOf('"token"')] as string;
    expect(token).toMatch(/^\w{32}$/);

    expect(response.status).toBe(500);
    expect(text).not.toContain(token);
    expect(text).not.toContain(PASSWORD);
    const errorLine = errorLineOf(lines, response.body.error.requestId);
    expect(errorLine).toContain('23514');
    expect(errorLine).toContain('log_test_broken');
  });

  it("an ingestion whose accept statement fails logs the error and the request id, not the lead's data or the API key", async () => {
    const lead = {
      name: `Lead ${randomBytes(4).toString('hex')}`,
      question: `Question ${randomBytes(4).toString('hex')}`,
    };
    const { response, text, lines } = await logWhile(
      'alter table lead_intake add constraint log_test_broken check (false) not valid',
      'alter table lead_intake drop constraint log_test_broken',
      async () => {
        const answer = await fetch(`${app.baseUrl}/v1/notify`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ flowId, data: lead }),
        });
        return { status: answer.status, body: (await answer.json()) as Answer['body'] };
      },
    );

    expect(response.status).toBe(500);
    expect(text).not.toContain(lead.name);
    expect(text).not.toContain(lead.question);
    expect(text).not.toContain(owner.apiKey);
    const errorLine = errorLineOf(lines, response.body.error.requestId);
    expect(errorLine).toContain('23514');
    expect(errorLine).toContain('violates check constraint \\"log_test_broken\\"');
    // Which line of the accept function failed: PostgreSQL's context, code only.
    expect(errorLine).toContain('PL/pgSQL function');
  });
});

describe('logs without secrets › outside services’ secrets, by their shape', () => {
  // Someone pastes a secret where it does not belong (a URL, a field); the request line logs the
  // path it reached. Each kind is written as the service issues it.
  const SECRETS = {
    'a Slack incoming webhook address': 'https://hooks.slack.com/services/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',
    'a Stripe secret key': `sk_live_${'51H8xYzAbCdEfGhIjKlMnOpQrStUvWx'}`,
    'a Stripe test key': `sk_test_${'4eC39HqLyjWDarjtT1zdp7dc0123'}`,
    'a Stripe restricted key': `rk_live_${'51H8xYzAbCdEfGhIjKlMnOp'}`,
    'a webhook signing secret': `whsec_${'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'}`,
    'a Telegram bot token': '7123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1',
  } as const;

  it.each(Object.entries(SECRETS))('%s in a request’s path never reaches the log', async (_kind, secret) => {
    const start = output.length;
    const response = await fetch(`${app.baseUrl}/v1/pasted/${encodeURIComponent(secret)}/${secret}`);
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { requestId: string } };
    const linesSoFar = () => output.slice(start).split('\n').filter(Boolean);
    for (let waited = 0; waited < 5_000 && !linesSoFar().some((line) => line.includes(error.requestId)); waited += 20)
      await sleep(20);
    const text = output.slice(start);
    expect(text).toContain(error.requestId);
    expect(text).toContain('[Redacted]');
    // Neither whole nor in the part after its recognisable prefix.
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(-16));
  });
});
