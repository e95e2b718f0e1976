// Benchmark (issue 45, decision 090): a lead after a quiet spell, as a small business meets it.
// Its leads come minutes apart, so each lead's ring is the first after a quiet spell, not the
// ten-thousandth of a burst. The product is started as the README starts it (the built server, a
// fresh data folder with its own embedded PostgreSQL), one business signs up with one device, and
// its website sends one lead after each quiet spell (BENCH_QUIET_S, 35 s by default: longer than a
// pool keeps an idle connection), then a second lead a second later: the same path just used, the
// baseline in the same run. Reported: each pair's time from the send to the push decrypted at the
// push service (in a process of its own), and the median of each kind.
// Then the same after a restart (a deploy): the server stopped and started again on its data
// folder, and a lead RESTART_LEAD_S after it is ready, then a second one a second later
// (decision 092).
// Targets: the lead after a quiet spell, and the lead after a restart, ring within 10 ms of the
// lead a second later (median).
// BENCH_PAIRS (5), BENCH_QUIET_S and BENCH_RESTARTS (5) shorten a run (0 leaves that part out); BENCH_PUSH_SERVICE_IDLE_S
// has the push service close a connection idle that long, as a real one may (by default never).
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer } from '../test/built-server.ts';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { startFreshInstallation } from './fresh-install.ts';
import { median } from './load-generator.ts';
import { wallClock } from './stream-readers.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 35);
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const RESTART_LEAD_S = 2;
const TARGET_MS = 10;

await buildServer();
const installation = await startFreshInstallation();
const { smtp, receiver } = installation;
try {
  const app = { baseUrl: installation.server.baseUrl, smtp };
  const owner = await onboardedOwner(app, { plan: 'pro' });
  // Email copies off, as they are once a device has confirmed a push (decision 021).
  await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
  const device = await owner.client.post('/v1/push-subscriptions', await receiver.subscribe());
  if (device.status !== 201) throw new Error(`could not register the device: ${device.status}`);
  const flowId = await createFlow(owner.client);

  /** Sends one lead and waits for its push: milliseconds from the send to the push decrypted. */
  async function ring(): Promise<number> {
    const sentAt = wallClock();
    const response = await fetch(`${installation.server.baseUrl}/v1/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ flowId, data: { name: 'Bob', question: 'Is the flat still free?' } }),
    });
    if (response.status !== 202) throw new Error(`notify answered ${response.status}: ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(5)) {
      const push = (await receiver.report()).received.find((received) => received.notificationId === id);
      if (push) return push.receivedAt - sentAt;
    }
    throw new Error(`the push of ${id} did not arrive within 30 s`);
  }

  /** `count` pairs: a lead after `before()`, then one a second later; prints each and the medians. */
  async function pairs(what: string, count: number, before: () => Promise<void>): Promise<void> {
    console.log(`  pair   ${what.padStart(13)}   a second later`);
    const first: number[] = [];
    const secondLater: number[] = [];
    for (let pair = 1; pair <= count; pair += 1) {
      await before();
      first.push(await ring());
      await sleep(1000);
      secondLater.push(await ring());
      console.log(
        `  ${String(pair).padStart(4)}   ${first.at(-1)!.toFixed(1).padStart(10)} ms   ${secondLater.at(-1)!.toFixed(1).padStart(8)} ms`,
      );
    }
    const [cold, warm] = [median(first), median(secondLater)];
    console.log(
      `  median: ${what} ${cold.toFixed(1)} ms, a second later ${warm.toFixed(1)} ms; ` +
        `target within ${TARGET_MS} ms: ${cold - warm <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
  }

  if (PAIRS > 0) {
    console.log(`A lead after ${QUIET_S} s of quiet, then one a second later (built server, embedded PostgreSQL)`);
    await pairs('after quiet', PAIRS, () => sleep(QUIET_S * 1000));
  }
  if (RESTARTS > 0) {
    console.log(`\nA lead ${RESTART_LEAD_S} s after a restart on the same data folder, then one a second later`);
    await pairs('after restart', RESTARTS, async () => {
      await installation.restart();
      await sleep(RESTART_LEAD_S * 1000);
    });
  }
} finally {
  await installation.stop();
}
