import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { path: string; headers: Record<string, string>; body: string };
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * An HTTP server on 127.0.0.1 that keeps every request it receives and answers with `answer`
 * (200 `ok` by default): the far end of an outgoing webhook or a Slack incoming webhook in tests.
 */
export async function startHttpReceiver() {
  const received: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest) => ReceiverAnswer = () => ({ status: 200, body: 'ok' });
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = {
        path: request.url ?? '/',
        headers: Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)])),
        body,
      };
      received.push(entry);
      const { status, headers = {}, body: answerBody = '' } = answer(entry);
      response.writeHead(status, headers).end(answerBody);
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    at: (path: string) => received.filter((entry) => entry.path === path),
    answer: (next: typeof answer) => (answer = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>;
