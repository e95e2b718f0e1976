import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TelegramCall = { method: string; body: Record<string, any> };
/** How the fake answers a call: Telegram's JSON (`ok` true by default), an error status, or never. */
export type FakeTelegramAnswer = { status: number; description?: string } | 'hang';

/**
 * A fake Telegram Bot API on 127.0.0.1 for one bot token: serves `/bot<token>/<method>`
 * (sendMessage, getUpdates, answerCallbackQuery, setWebhook), keeps every call, lets a test
 * inject updates (handed to the next getUpdates, which waits for one up to its `timeout` like
 * Telegram's long polling) and script answers per method.
 */
export async function startFakeTelegram(token: string) {
  const calls: TelegramCall[] = [];
  const queued: Array<Record<string, unknown>> = [];
  const scripted = new Map<string, FakeTelegramAnswer[]>();
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  let nextUpdateId = 1000;
  let nextMessageId = 1;

  function reply(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  function answerGetUpdates(response: http.ServerResponse, body: Record<string, any>) {
    const offset = Number(body.offset ?? 0);
    const ready = () => queued.filter((update) => (update.update_id as number) >= offset);
    const send = () => {
      waiters.delete(send);
      clearTimeout(timer);
      if (!response.writableEnded) reply(response, 200, { ok: true, result: ready() });
    };
    if (ready().length > 0) return reply(response, 200, { ok: true, result: ready() });
    const timer = setTimeout(send, Number(body.timeout ?? 0) * 1000);
    waiters.add(send);
    response.on('close', () => {
      waiters.delete(send);
      clearTimeout(timer);
    });
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match || match[1] !== token)
        return reply(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const method = match[2]!;
      const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      calls.push({ method, body });
      const answer = scripted.get(method)?.shift();
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      if (answer && answer.status !== 200)
        return reply(response, answer.status, {
          ok: false,
          error_code: answer.status,
          description: answer.description ?? 'Scripted',
        });
      if (method === 'getUpdates') return answerGetUpdates(response, body);
      if (method === 'sendMessage')
        return reply(response, 200, {
          ok: true,
          result: { message_id: nextMessageId++, chat: { id: body.chat_id }, text: body.text },
        });
      return reply(response, 200, { ok: true, result: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method: string) => calls.filter((call) => call.method === method),
    /** Queues an update (its update_id is added) for getUpdates, and returns it for a webhook post. */
    inject(update: Record<string, unknown>) {
      const full = { update_id: nextUpdateId++, ...update };
      queued.push(full);
      for (const waiter of [...waiters]) waiter();
      return full;
    },
    /** The next calls of `method` answer these, in order; after them, the usual answer. */
    script: (method: string, ...answers: FakeTelegramAnswer[]) => scripted.set(method, answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        for (const waiter of [...waiters]) waiter();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
