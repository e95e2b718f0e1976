import { existsSync } from 'node:fs';

// Debian's Chromium, not a downloaded browser (this machine kind has no browser downloads).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium floods the closed network with requests.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The journeys run in Debian's old headless shell (`chromium-headless-shell`) when it is installed
// (decision 095): the same Blink, without the full browser's extra processes, so a spec takes less
// CPU. It has no Push API, so a spec that subscribes to push uses the full browser
// (`PUSH_CAPABLE_BROWSER`).
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const JOURNEY_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** For `test.use` at a spec's top: it forces a worker of its own, with its own product. */
export const PUSH_CAPABLE_BROWSER = { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };
