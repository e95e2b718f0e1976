import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createFlow, createOwner, ownerGet, uniqueEmail } from './fixtures/owner-api.ts';
import type { Product } from './fixtures/product.ts';
import { expect, test } from './fixtures/test.ts';

const SDK_DIR = fileURLToPath(new URL('../packages/sdk', import.meta.url));

/**
 * A customer's website on another origin that loads @leadbell/sdk's browser build (the ESM file
 * the package publishes, dist/index.js) and sends a lead and a refused lead with it, writing what
 * it got into the page.
 */
async function serveSiteUsingSdk(product: Product, apiKey: string, flowId: string) {
  const sdk = await readFile(path.join(SDK_DIR, 'dist/index.js'), 'utf8');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Homes</title></head>
<body><h1>Acme Homes</h1><output id="result"></output>
<script type="module">
  import { Leadbell, LeadbellApiError } from '/sdk.js';
  const leadbell = new Leadbell({ apiKey: ${JSON.stringify(apiKey)}, baseUrl: ${JSON.stringify(product.url)} });
  const sent = await leadbell.notify({ flowId: ${JSON.stringify(flowId)}, data: { name: 'Browser Ann', note: 'Sent from a page' } });
  let refused = null;
  try {
    await leadbell.notify({ flowId: 'not-a-flow-id' });
  } catch (error) {
    refused = { isApiError: error instanceof LeadbellApiError, status: error.status, code: error.code,
                fields: error.fields, hasRequestId: typeof error.requestId === 'string' };
  }
  document.getElementById('result').textContent = JSON.stringify({ sent, refused });
</script></body></html>`;
  const server: Server = createServer((request, response) => {
    const isSdk = request.url === '/sdk.js';
    response.writeHead(200, { 'content-type': isSdk ? 'text/javascript' : 'text/html; charset=utf-8' });
    response.end(isSdk ? sdk : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('sdk', () => {
  // A real visitor's browser sends no X-Forwarded-For; a header the API's CORS does not allow would fail the preflight.
  test.use({ extraHTTPHeaders: {} });

  test.beforeAll(async () => {
    // The published build, as `npm pack` would ship it (the SDK's own tests build it too).
    await promisify(execFile)('npm', ['run', 'build', '-w', '@leadbell/sdk'], {
      cwd: path.dirname(SDK_DIR),
    });
  });

  test('sdk › a website’s page sends a lead with the browser build, and reads a refusal as a typed error', async ({
    page,
    product,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a runtime check; the page has nothing to lay out');
    const owner = await createOwner(product, { email: uniqueEmail('sdk-browser', testInfo.project.name) });
    const flowId = await createFlow(product, owner, {
      name: 'Website',
      title: 'Lead: {{name}}',
      message: '{{name}} wrote: {{note}}',
    });
    const site = await serveSiteUsingSdk(product, owner.apiKey, flowId);
    try {
      // The visitor arrives from a newsletter's link: the SDK sends where they came from by itself.
      await page.goto(`${site.origin}/?utm_source=newsletter&utm_medium=email&utm_campaign=october`, {
        referer: 'https://news.example/issue-12',
      });
      await expect(page.locator('#result')).not.toBeEmpty();
      const { sent, refused } = JSON.parse((await page.locator('#result').textContent())!);
      expect(sent).toMatchObject({ flowId, status: 'accepted', test: false });
      expect(refused).toEqual({
        isApiError: true,
        status: 400,
        code: 'validation_error',
        fields: { flowId: [expect.any(String)] },
        hasRequestId: true,
      });
      const stored = await ownerGet<{ Notifications: Array<{ id: string; title: string }> }>(
        product,
        owner,
        `/v1/flows/${flowId}/notifications`,
      );
      expect(stored.Notifications).toEqual([expect.objectContaining({ id: sent.id, title: 'Lead: Browser Ann' })]);
      const lead = await ownerGet<{ pageUrl: string; referrer: string; campaign: string; trafficSource: string }>(
        product,
        owner,
        `/v1/leads/${sent.id}`,
      );
      expect(lead).toMatchObject({
        pageUrl: `${site.origin}/?utm_source=newsletter&utm_medium=email&utm_campaign=october`,
        referrer: 'https://news.example/issue-12',
        campaign: 'october',
        trafficSource: 'email',
      });
    } finally {
      await site.close();
    }
  });
});
