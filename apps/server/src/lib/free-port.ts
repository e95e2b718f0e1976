import net from 'node:net';

// Below the ports the kernel hands out to outgoing connections (32768–60999 on Linux, 49152–65535
// on macOS and Windows). A port the kernel picked (listen on 0) lies in that range, where any
// connection opened between this check and the caller's own listen may take it: a test run, with
// hundreds of connections to PostgreSQL and HTTP servers at once, once lost a server's start to
// EADDRINUSE that way. A port chosen here is only ever taken by another listener.
const FIRST_PORT = 20_000;
const LAST_PORT = 32_767;
const TRIES = 100;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now, outside the outgoing connections' range. */
export async function findFreePort(): Promise<number> {
  for (let tries = 0; tries < TRIES; tries += 1) {
    const port = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${FIRST_PORT} and ${LAST_PORT} after ${TRIES} tries`);
}
