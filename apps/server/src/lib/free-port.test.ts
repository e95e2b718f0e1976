import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from './free-port.ts';

describe('findFreePort', () => {
  it('answers a port below the outgoing connections’ range that the caller can listen on', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
