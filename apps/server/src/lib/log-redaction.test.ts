import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REDACTED, serializeError } from './log-redaction.ts';
import { createLogger } from './logger.ts';

const SESSION_TOKEN = 'I1LPeXx91skXDScZhyc39IT4v1kTmAGF';
const API_KEY = 'lb_live_Qm9vb2JvcmluZ0tleUZvclRlc3RzMTIz';

function capturingLogger(format: 'json' | 'pretty' = 'json') {
  let output = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString('utf8');
      done();
    },
  });
  const log = createLogger({ level: 'info', format, destination });
  return { log, output: () => output, lastLine: () => JSON.parse(output.trim().split('\n').at(-1)!) };
}

function postgresError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 100, 'error'), { severity: 'ERROR', ...fields });
}

/** What a failed session lookup looks like: Drizzle's error, the driver's underneath. */
function failedSessionQuery(): DrizzleQueryError {
  const cause = postgresError('duplicate key value violates unique constraint "sessions_token_unique"', {
    code: '23505',
    detail: `Key (token)=(${SESSION_TOKEN}) already exists.`,
    table: 'sessions',
    constraint: 'sessions_token_unique',
  });
  return new DrizzleQueryError(
    'insert into "sessions" ("token", "user_id") values ($1, $2)',
    [SESSION_TOKEN, 'u1'],
    cause,
  );
}

describe('log redaction', () => {
  it("a failed query's bound values reach neither the log's fields, message, stack nor the driver's detail", () => {
    const { log, output, lastLine } = capturingLogger();
    log.error({ err: failedSessionQuery() }, 'unhandled error');

    expect(output()).not.toContain(SESSION_TOKEN);
    const { err } = lastLine();
    expect(err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "sessions" ("token", "user_id") values ($1, $2)',
      query: 'insert into "sessions" ("token", "user_id") values ($1, $2)',
      params: REDACTED,
      cause: {
        type: 'DatabaseError',
        message: 'duplicate key value violates unique constraint "sessions_token_unique"',
        code: '23505',
        table: 'sessions',
        constraint: 'sessions_token_unique',
        detail: REDACTED,
      },
    });
    expect(err.stack).toMatch(/^Error: Failed query: insert into "sessions".*\$2\)\n\s+at /);
  });

  it('an error logged without a message, or inside another field (the auth library logs `{ args }`), is cleaned the same way', () => {
    const { log, output, lastLine } = capturingLogger();
    log.error(failedSessionQuery());
    expect(lastLine().msg).toBe('Failed query: insert into "sessions" ("token", "user_id") values ($1, $2)');
    log.error({ args: [failedSessionQuery()] }, 'better-auth: INTERNAL_SERVER_ERROR');
    expect(lastLine().args[0]).toMatchObject({ type: 'DrizzleQueryError', params: REDACTED, cause: { code: '23505' } });
    log.error({ err: new Error('Failed to get session', { cause: failedSessionQuery() }) }, 'unhandled error');
    expect(lastLine().err.cause.cause.code).toBe('23505');
    expect(output()).not.toContain(SESSION_TOKEN);
  });

  it('fields named like secrets are redacted at any depth; the rest stays', () => {
    const { log, lastLine } = capturingLogger();
    log.info(
      {
        headers: { authorization: `Bearer ${API_KEY}`, cookie: 'a=b', 'x-api-key': API_KEY, 'user-agent': 'curl' },
        body: { email: 'ann@example.com', password: 'Corr3ct-horse!', otp: '123456', newPassword: 'n3w-Horse!' },
        nested: [{ sessionToken: SESSION_TOKEN, API_Key: API_KEY, apiKeyId: 'key-1', tokens: 3 }],
      },
      'request',
    );
    expect(lastLine()).toMatchObject({
      headers: { authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED, 'user-agent': 'curl' },
      body: { email: 'ann@example.com', password: REDACTED, otp: REDACTED, newPassword: REDACTED },
      nested: [{ sessionToken: REDACTED, API_Key: REDACTED, apiKeyId: 'key-1', tokens: 3 }],
    });
  });

  it('secrets are recognised by their shape in any string, the message included', () => {
    const { log, output, lastLine } = capturingLogger();
    log.warn(
      { note: `sent ${API_KEY}`, header: `Authorization: Bearer ${SESSION_TOKEN}` },
      `cookie better-auth.session_token=${SESSION_TOKEN}.c2lnbmF0dXJl%3D; hook /v1/hooks/lbh_${'x'.repeat(43)} ` +
        `invite /invite/lbi_${'y'.repeat(43)} db postgres://leadbell:s3cret-pass@db:5432/leadbell ?token=abcdef123`,
    );
    expect(output()).not.toMatch(new RegExp(`${SESSION_TOKEN}|${API_KEY}|x{43}|y{43}|s3cret-pass|abcdef123`));
    expect(lastLine()).toMatchObject({
      note: `sent lb_live_${REDACTED}`,
      header: `Authorization: Bearer ${REDACTED}`,
      msg:
        `cookie better-auth.session_token=${REDACTED}; hook /v1/hooks/lbh_${REDACTED} invite /invite/lbi_${REDACTED} ` +
        `db postgres://leadbell:${REDACTED}@db:5432/leadbell ?token=${REDACTED}`,
    });
  });

  it('outside services’ secrets are redacted by their shape, what they are stays readable', () => {
    const { log, lastLine } = capturingLogger();
    log.warn(
      `slack https://hooks.slack.com/services/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 ` +
        `encoded https%3A%2F%2Fhooks.slack.com%2Fservices%2FT0AB12CD3%2FB0EF45GH6%2FaB3dE5fG7hI9 ` +
        `stripe sk_live_51H8xYzAbCdEfGhIjKl rk_test_51H8xYzAbCdEfGhIjKl whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2La+/w= ` +
        `telegram https://api.telegram.org/bot7123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1/sendMessage at 12:30:45`,
    );
    expect(lastLine().msg).toBe(
      `slack https://hooks.slack.com/services/${REDACTED} encoded https%3A%2F%2Fhooks.slack.com%2Fservices%2F${REDACTED} ` +
        `stripe sk_live_${REDACTED} rk_test_${REDACTED} whsec_${REDACTED} ` +
        `telegram https://api.telegram.org/bot${REDACTED}/sendMessage at 12:30:45`,
    );
  });

  it("PostgreSQL's quotes of input are redacted; names, codes and the failing function's line stay", () => {
    const badInput = postgresError('invalid input syntax for type uuid: "Zebediah Quux"', { code: '22P02' });
    const outOfRange = postgresError('value "99999999999" is out of range for type integer', { code: '22003' });
    const badJson = postgresError('invalid input syntax for type json', {
      code: '22P02',
      detail: 'Token "Zebediah" is invalid.',
      where: 'JSON data, line 1: {"name": Zebediah...',
    });
    const inFunction = postgresError('relation "notifications" does not exist', {
      code: '42P01',
      where: 'PL/pgSQL function leadbell_accept_notifications(jsonb,integer[]) line 144 at SQL statement',
    });

    expect(serializeError(badInput)).toMatchObject({
      message: `invalid input syntax for type uuid: "${REDACTED}"`,
      stack: expect.not.stringContaining('Zebediah'),
      code: '22P02',
    });
    expect(serializeError(outOfRange)).toMatchObject({
      message: `value "${REDACTED}" is out of range for type integer`,
    });
    expect(serializeError(badJson)).toMatchObject({
      message: 'invalid input syntax for type json',
      detail: REDACTED,
      where: REDACTED,
    });
    expect(serializeError(inFunction)).toMatchObject({
      message: 'relation "notifications" does not exist',
      where: 'PL/pgSQL function leadbell_accept_notifications(jsonb,integer[]) line 144 at SQL statement',
    });
  });

  it('the readable (pretty) output is redacted too', () => {
    const { log, output } = capturingLogger('pretty');
    log.error({ err: failedSessionQuery(), authorization: `Bearer ${API_KEY}` }, `with ${API_KEY}`);
    expect(output()).toContain('duplicate key value violates unique constraint');
    expect(output()).not.toContain(SESSION_TOKEN);
    expect(output()).not.toContain(API_KEY);
  });

  it('objects that refer to themselves are logged, not followed forever', () => {
    const { log, lastLine } = capturingLogger();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    const error = new Error('outer');
    Object.assign(error, { again: error });
    log.info({ loop, err: error }, 'loops');
    expect(lastLine()).toMatchObject({ loop: { name: 'loop', self: '[Circular]' }, err: { again: '[Circular]' } });
  });
});
