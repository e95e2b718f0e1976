// Renders the app icons in public/icons/ (PWA manifest, Apple touch icon, notification badge) from
// the Leadbell mark of src/components/logo.tsx: lucide's BellRing in white on the brand gradient.
// Run it after changing the mark, and commit the PNGs: `cd apps/web && npx tsx scripts/render-icons.ts`
import { chromium } from '@playwright/test';
import { BellRing } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/chromium.ts';

// Tailwind 4's indigo-500 and indigo-700: the logo's `from-brand-500 to-brand-700`.
const GRADIENT = 'linear-gradient(to bottom right, oklch(58.5% 0.233 277.117), oklch(45.7% 0.24 277.023))';

type Icon = {
  file: string;
  size: number;
  /** The bell's size as a share of the icon's. */
  bell: number;
  /** Corner radius as a share of the size; 0 fills the square. */
  radius: number;
  hasBackground: boolean;
};

const ICONS: Icon[] = [
  // "any": the logo's rounded square with transparent corners.
  { file: 'icon-192.png', size: 192, bell: 0.55, radius: 0.22, hasBackground: true },
  { file: 'icon-512.png', size: 512, bell: 0.55, radius: 0.22, hasBackground: true },
  // "maskable": launchers crop to their own shape; the bell stays inside the central 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, bell: 0.42, radius: 0, hasBackground: true },
  // iOS rounds the corners itself and would paint transparent ones black.
  { file: 'apple-touch-icon-180.png', size: 180, bell: 0.55, radius: 0, hasBackground: true },
  // Android draws the status-bar badge from the alpha channel only.
  { file: 'badge-96.png', size: 96, bell: 0.8, radius: 0, hasBackground: false },
];

const OUT_DIR = decodeURIComponent(new URL('../public/icons/', import.meta.url).pathname);

function iconHtml({ size, bell, radius, hasBackground }: Icon): string {
  const svg = renderToStaticMarkup(createElement(BellRing, { color: 'white', size: Math.round(size * bell) }));
  const background = hasBackground ? `background:${GRADIENT};` : '';
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;${background}border-radius:${radius * size}px">${svg}</div>
  </body></html>`;
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(iconHtml(icon));
    await page.screenshot({ path: `${OUT_DIR}${icon.file}`, omitBackground: true });
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
