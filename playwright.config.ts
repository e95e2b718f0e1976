import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './e2e/chromium.ts';

// Each worker starts its own product (server and embedded PostgreSQL) and each journey signs up its
// own owner over the API, so workers share nothing. Two keep a two-core machine busy while one
// waits on the browser or the network; E2E_WORKERS overrides it.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // As a person who asked for less motion: the live indicator's endless ping is then painted once
    // instead of every frame, in software, on this GPU-less machine.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // A phone's layout at one device pixel per CSS pixel: the same page at 390 px, but Chromium
    // paints in software here and Pixel 7's 2.625 would paint about 7 times the pixels.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
    },
  ],
});
