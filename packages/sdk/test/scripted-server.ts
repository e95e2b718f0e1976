import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer; `hang` reads the request and never answers (until the server closes). */
export type ScriptedAnswer = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang';

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string; at: number };

export type ScriptedServer = {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Resolves when the `count`th request has arrived. */
  waitForRequests: (count: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A real HTTP server on a free port that answers each request with the next scripted answer (the
 * last one repeats), standing in for a Leadbell that fails in chosen ways. Bodies other than
 * strings are sent as JSON.
 */
export async function startScriptedServer(script: ScriptedAnswer[]): Promise<ScriptedServer> {
  const requests: ReceivedRequest[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method!, url: request.url!, headers: request.headers, body, at: Date.now() });
      for (const waiter of waiting.filter((item) => requests.length >= item.count)) waiter.resolve();
      const answer = script[Math.min(requests.length - 1, script.length - 1)]!;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
      response.writeHead(answer.status, {
        'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json',
        ...answer.headers,
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: opened, then closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
