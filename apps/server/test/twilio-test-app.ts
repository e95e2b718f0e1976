import { fakeTwilioEnv, startFakeTwilio, type FakeTwilio } from './fake-twilio.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { createTestClock, type TestClock } from './test-clock.ts';

export type TwilioTestApp = { app: TestApp; twilio: FakeTwilio; clock: TestClock; close: () => Promise<void> };

/**
 * The app as the texts' and calls' tests run it: its texts and calls sent to a fake Twilio, its
 * time on a test clock (move it with advanceTime), and a rate no test's burst of leads reaches.
 * `env` adds to those settings. `close` stops both.
 */
export async function startTwilioTestApp(env: Record<string, string> = {}): Promise<TwilioTestApp> {
  const twilio = await startFakeTwilio();
  const clock = createTestClock(new Date());
  try {
    const app = await startTestApp(
      { ...fakeTwilioEnv(twilio), NOTIFY_RATE_LIMIT: '1000', NOTIFY_RATE_BURST: '1000', ...env },
      undefined,
      { clock },
    );
    return {
      app,
      twilio,
      clock,
      close: async () => {
        await app.close();
        await twilio.close();
      },
    };
  } catch (error) {
    await twilio.close();
    throw error;
  }
}
