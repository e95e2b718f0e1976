import { describe, expect, it, vi } from 'vitest';
import {
  curlSnippet,
  fetchSnippet,
  fillTokenUrl,
  formFieldsOf,
  htmlFormSnippet,
  SOURCE_KEEP_DAYS,
  SOURCE_STORAGE_KEY,
  nodeSnippet,
  notifyUrl,
  phpSnippet,
  sampleData,
  wordpressSnippet,
  type SnippetInput,
} from './snippets.ts';

const INPUT: SnippetInput = {
  endpoint: 'https://leadbell.example.com',
  flowId: '0b8e6f1c-3f7a-4d2e-9c1b-5a6d7e8f9a0b',
  apiKey: 'lb_live_abc123',
  fields: ['name', 'email', 'message'],
};

const ALL = { htmlFormSnippet, fetchSnippet, curlSnippet, phpSnippet, wordpressSnippet, nodeSnippet };

const TURNSTILE_SITE_KEY = '1x00000000000000000000AA';

type Field = { value: string };
type FakeFetch = (url: string, init?: { body?: string }) => Promise<{ ok: boolean; json: () => Promise<unknown> }>;

function answering(body: unknown, ok = true): FakeFetch {
  return vi.fn<FakeFetch>(async () => ({ ok, json: async () => body }));
}

/** Lets the snippet's promise chains settle. */
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The HTML form's inline script, cut where a browser's HTML parser ends it: at the first `</script`. */
function inlineScriptOf(html: string): string {
  const script = /<script>([\s\S]*?)<\/script/i.exec(html)?.[1];
  if (script === undefined) throw new Error('The HTML form has no inline script.');
  return script;
}

/** Runs the HTML form's inline script as a browser would, inside `form` (or outside any form: null). */
async function runFormScript(html: string, form: { elements: Record<string, Field> } | null, fetch?: FakeFetch) {
  const document = { currentScript: { closest: (selector: string) => (selector === 'form' ? form : null) } };
  new Function('document', 'window', 'fetch', inlineScriptOf(html))(document, { fetch }, fetch);
  await settle();
}

/** A browser's page for the source script: its address, the page before, and a localStorage. */
type BrowserPage = { href: string; referrer: string; storage: Map<string, string> };

function browserAt(href: string, referrer: string, storage = new Map<string, string>()): BrowserPage {
  return { href, referrer, storage };
}

/** Runs the HTML form's inline script (without fetch) on `page`; answers the form's hidden fields by name. */
function fillForm(html: string, page: BrowserPage): Record<string, string> {
  const names = [...html.matchAll(/<input type="hidden" name="([^"]+)">/g)].map((match) => match[1]!);
  const elements = Object.fromEntries(names.map((name) => [name, { value: '' }]));
  const url = new URL(page.href);
  const window = {
    location: { href: page.href, search: url.search, hostname: url.hostname },
    localStorage: {
      getItem: (key: string) => page.storage.get(key) ?? null,
      setItem: (key: string, value: string) => page.storage.set(key, value),
    },
  };
  const document = { referrer: page.referrer, currentScript: { closest: () => ({ elements }) } };
  new Function('document', 'window', 'fetch', inlineScriptOf(html))(document, window, undefined);
  return Object.fromEntries(Object.entries(elements).map(([name, field]) => [name, field.value]));
}

/** Runs the site-wide source script (after the form) on `page`. */
function visit(html: string, page: BrowserPage): void {
  const script = /<\/form>[\s\S]*<script>([\s\S]*?)<\/script/.exec(html)![1]!;
  const url = new URL(page.href);
  const window = {
    location: { href: page.href, search: url.search, hostname: url.hostname },
    localStorage: {
      getItem: (key: string) => page.storage.get(key) ?? null,
      setItem: (key: string, value: string) => page.storage.set(key, value),
    },
  };
  new Function('document', 'window', script)({ referrer: page.referrer }, window);
}

describe('connect snippets', () => {
  it.each(Object.entries(ALL))('%s holds the endpoint, the flow id and the key', (_name, snippet) => {
    const text = snippet(INPUT);
    expect(text).toContain('https://leadbell.example.com');
    expect(text).toContain(INPUT.flowId);
    expect(text).toContain(INPUT.apiKey);
  });

  it('posts to /v1/notify on the server, whatever trailing slash the address has', () => {
    expect(notifyUrl('https://leadbell.example.com/')).toBe('https://leadbell.example.com/v1/notify');
    expect(htmlFormSnippet({ ...INPUT, endpoint: 'https://leadbell.example.com/' })).toContain(
      'action="https://leadbell.example.com/v1/notify"',
    );
  });

  it('the HTML form uses the reserved _flowId and _apiKey fields, the honeypot and a commented _redirect', () => {
    const html = htmlFormSnippet(INPUT);
    expect(html).toContain(`<input type="hidden" name="_apiKey" value="lb_live_abc123">`);
    expect(html).toContain(`<input type="hidden" name="_flowId" value="${INPUT.flowId}">`);
    expect(html).toMatch(/<input type="text" name="_gotcha" tabindex="-1"[^>]*>/);
    // The redirect example sits inside a comment until the owner fills in their own page.
    const redirect = html.indexOf('name="_redirect"');
    expect(html.lastIndexOf('<!--', redirect)).toBeGreaterThan(html.lastIndexOf('-->', redirect));
    expect(html).toContain('<input type="email" name="email">');
    expect(html).toContain('<textarea name="message"></textarea>');
    expect(html).not.toMatch(/name="(apiKey|flowId|redirect)"/);
  });

  it('the HTML form suggests a thank-you page on one of the owner’s sites when there is one', () => {
    expect(htmlFormSnippet({ ...INPUT, siteOrigin: 'https://www.acme.example' })).toContain(
      'value="https://www.acme.example/thanks"',
    );
  });

  it('escapes field names in HTML attributes and text', () => {
    const html = htmlFormSnippet({ ...INPUT, fields: [`Your "best" <time> & day`] });
    expect(html).toContain('name="Your &quot;best&quot; &lt;time&gt; &amp; day"');
    expect(html).toContain('<label>Your "best" &lt;time&gt; &amp; day <input');
  });

  it('escapes quotes and backslashes in PHP single-quoted strings', () => {
    const field = `O'Brien\\s note`;
    const php = phpSnippet({ ...INPUT, fields: [field], apiKey: `lb_live_a'b\\c` });
    expect(php).toContain(`getenv('LEADBELL_API_KEY') ?: 'lb_live_a\\'b\\\\c';`);
    expect(php).toContain(`'O\\'Brien\\\\s note' => $_POST['O\\'Brien\\\\s note'] ?? '',`);
    const wordpress = wordpressSnippet({ ...INPUT, apiKey: `lb_live_a'b` });
    expect(wordpress).toContain(`define( 'LEADBELL_API_KEY', 'lb_live_a\\'b' );`);
  });

  it('WordPress hooks Contact Form 7 and WPForms and sends every posted field', () => {
    const wordpress = wordpressSnippet(INPUT);
    expect(wordpress).toContain(`add_action( 'wpcf7_mail_sent'`);
    expect(wordpress).toContain('leadbell_notify( $submission->get_posted_data() );');
    expect(wordpress).toContain(`add_action( 'wpforms_process_complete'`);
    expect(wordpress).toContain(`$data[ $field['name'] ] = $field['value'];`);
    expect(wordpress).toContain(`'flowId' => '${INPUT.flowId}',`);
  });

  it('curl sends sample data marked as a test in a shell-quoted JSON body', () => {
    const curl = curlSnippet({ ...INPUT, fields: ["Owner's name"] });
    expect(curl).toContain(`-H 'Authorization: Bearer lb_live_abc123'`);
    expect(curl).toContain(`-d '{"flowId":"${INPUT.flowId}","test":true,"data":{"Owner'\\''s name":"Ann Lee"}}'`);
  });

  it('JavaScript strings escape quotes and cannot close an inline script', () => {
    const js = fetchSnippet({ ...INPUT, apiKey: `lb_live_'</script>` });
    expect(js).toContain(`'X-Api-Key': 'lb_live_\\'\\x3C/script>'`);
    const node = nodeSnippet({ ...INPUT, fields: ['First Name', 'email'] });
    expect(node).toContain(`    'First Name': form['First Name'],`);
    expect(node).toContain('    email: form.email,');
  });

  it('the HTML form’s script fetches the flow’s fill token as the page loads and puts it in the hidden _fillToken field', async () => {
    const html = htmlFormSnippet(INPUT);
    expect(html).toContain('<input type="hidden" name="_fillToken">');
    const fillToken: Field = { value: '' };
    const fetch = answering({ token: 'issued-token' });
    await runFormScript(html, { elements: { _fillToken: fillToken } }, fetch);
    expect(fetch).toHaveBeenCalledWith(`https://leadbell.example.com/v1/fill-token?flowId=${INPUT.flowId}`);
    expect(fillToken.value).toBe('issued-token');
  });

  it.each([
    ['the server answers an error', answering({ error: { code: 'validation_error' } }, false)],
    ['the network fails', vi.fn<FakeFetch>(async () => Promise.reject(new TypeError('Failed to fetch')))],
    [
      'the answer is not JSON',
      vi.fn<FakeFetch>(async () => ({ ok: false, json: async () => Promise.reject(new SyntaxError('Not JSON')) })),
    ],
    ['the browser has no fetch', undefined],
  ])('the fill-token script fails silently and leaves the field empty when %s', async (_case, fetch) => {
    const fillToken: Field = { value: '' };
    await runFormScript(htmlFormSnippet(INPUT), { elements: { _fillToken: fillToken } }, fetch);
    expect(fillToken.value).toBe('');
  });

  it('the fill-token script does nothing outside a form', async () => {
    const fetch = answering({ token: 'issued-token' });
    await runFormScript(htmlFormSnippet(INPUT), null, fetch);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the fill-token script’s address is a JavaScript string that cannot close the script', async () => {
    const endpoint = `https://leadbell.example.com/it's</script><script>alert(1)//`;
    const html = htmlFormSnippet({ ...INPUT, endpoint, flowId: 'a&b c' });
    // The form's script and the site-wide source script: each closed once, by its own tag.
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    const fetch = answering({ token: 'issued-token' });
    await runFormScript(html, { elements: { _fillToken: { value: '' } } }, fetch);
    expect(fetch).toHaveBeenCalledWith(fillTokenUrl(endpoint, 'a&b c'));
    expect(fillTokenUrl(endpoint, 'a&b c')).toMatch(/\?flowId=a%26b%20c$/);
  });

  it('with Turnstile on, the HTML form shows Cloudflare’s widget before its button; off, it has none', () => {
    const lines = htmlFormSnippet({ ...INPUT, turnstileSiteKey: TURNSTILE_SITE_KEY })
      .split('\n')
      .map((line) => line.trim());
    const button = lines.indexOf('<button type="submit">Send</button>');
    expect(lines.slice(button - 2, button)).toEqual([
      '<script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script>',
      `<div class="cf-turnstile" data-sitekey="${TURNSTILE_SITE_KEY}"></div>`,
    ]);
    expect(htmlFormSnippet({ ...INPUT, turnstileSiteKey: `a"b<c` })).toContain('data-sitekey="a&quot;b&lt;c"');
    for (const off of [undefined, null]) {
      expect(htmlFormSnippet({ ...INPUT, turnstileSiteKey: off })).not.toContain('turnstile');
    }
  });

  it('the JavaScript snippet sends the fill token fetched at page load with the form’s fields', async () => {
    let submit: ((event: { preventDefault: () => void }) => Promise<void>) | undefined;
    const form = {
      addEventListener: (_type: string, listener: typeof submit) => (submit = listener),
      replaceWith: vi.fn(),
    };
    const document = { querySelector: () => form };
    // What a form with Turnstile's widget holds; a constructor that returns an object makes `new` give that.
    const FormData = function () {
      return new Map([
        ['name', 'Ann Lee'],
        ['cf-turnstile-response', 'widget-answer'],
      ]);
    };
    const fetch = answering({ token: 'issued-token' });
    const snippet = fetchSnippet({ ...INPUT, turnstileSiteKey: TURNSTILE_SITE_KEY });
    expect(snippet).toContain('put its widget inside the form');
    new Function('document', 'fetch', 'FormData', snippet)(document, fetch, FormData);
    await submit!({ preventDefault: () => undefined });
    const calls = vi.mocked(fetch).mock.calls;
    expect(calls.map(([url]) => url)).toEqual([fillTokenUrl(INPUT.endpoint, INPUT.flowId), notifyUrl(INPUT.endpoint)]);
    expect(JSON.parse(calls[1]![1]!.body!)).toEqual({
      flowId: INPUT.flowId,
      fillToken: 'issued-token',
      data: { name: 'Ann Lee', 'cf-turnstile-response': 'widget-answer' },
    });
    expect(form.replaceWith).toHaveBeenCalled();
  });

  it('Node uses the SDK with the key from the environment and the server as baseUrl', () => {
    const node = nodeSnippet(INPUT);
    expect(node).toContain(`import { Leadbell } from '@leadbell/sdk';`);
    expect(node).toContain(
      `new Leadbell({ apiKey: process.env.LEADBELL_API_KEY, baseUrl: 'https://leadbell.example.com' })`,
    );
    expect(node).toContain('//   LEADBELL_API_KEY=lb_live_abc123');
  });
});

describe('form fields and sample data', () => {
  it('uses the flow’s placeholders as written, once each', () => {
    expect(formFieldsOf(['New lead from {{First Name}}', '{{first name}} ({{email}}) asked: {{Message}}'])).toEqual([
      'First Name',
      'email',
      'Message',
    ]);
  });

  it('falls back to a simple contact form when the flow has no placeholders', () => {
    expect(formFieldsOf(['New lead', 'Someone wrote in.'])).toEqual(['name', 'email', 'message']);
  });

  it('fills believable values by field name', () => {
    expect(sampleData(['First Name', 'E-mail', 'phone', 'Your question', 'budget'])).toEqual({
      'First Name': 'Ann',
      'E-mail': 'ann.lee@example.com',
      phone: '+1 555 0100',
      'Your question': 'Hello! Is Saturday morning still free?',
      budget: 'Sample budget',
    });
  });

  it('the HTML form has hidden _pageUrl, _referrer and campaign fields, and the script for the site’s other pages', () => {
    const html = htmlFormSnippet(INPUT);
    for (const name of [
      '_pageUrl',
      '_referrer',
      '_utm_source',
      '_utm_medium',
      '_utm_campaign',
      '_utm_term',
      '_utm_content',
      '_gclid',
      '_fbclid',
    ])
      expect(html).toContain(`<input type="hidden" name="${name}">`);
    expect(html.indexOf('</form>')).toBeLessThan(html.lastIndexOf('<script>'));
  });

  it('a visitor who lands from an ad and fills in the form three pages later is still attributed', () => {
    const html = htmlFormSnippet(INPUT);
    const storage = new Map<string, string>();
    visit(
      html,
      browserAt(
        'https://www.acme.example/?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=abc',
        'https://www.google.com/',
        storage,
      ),
    );
    visit(html, browserAt('https://www.acme.example/pricing', 'https://www.acme.example/?utm_source=google', storage));
    visit(html, browserAt('https://www.acme.example/about', 'https://www.acme.example/pricing', storage));
    const fields = fillForm(
      html,
      browserAt('https://www.acme.example/contact', 'https://www.acme.example/about', storage),
    );
    expect(fields).toMatchObject({
      _pageUrl: 'https://www.acme.example/contact',
      _referrer: 'https://www.google.com/',
      _utm_source: 'google',
      _utm_medium: 'cpc',
      _utm_campaign: 'spring',
      _utm_term: '',
      _gclid: 'abc',
      _fbclid: '',
    });
    expect(JSON.parse(storage.get(SOURCE_STORAGE_KEY)!)).toMatchObject({ referrer: 'https://www.google.com/' });
  });

  it('a new arrival from another site replaces what was kept; an expired one is forgotten', () => {
    const html = htmlFormSnippet(INPUT);
    const storage = new Map<string, string>();
    visit(html, browserAt('https://www.acme.example/?utm_source=newsletter&utm_medium=email', '', storage));
    const later = fillForm(html, browserAt('https://www.acme.example/contact', 'https://www.linkedin.com/', storage));
    expect(later).toMatchObject({ _referrer: 'https://www.linkedin.com/', _utm_source: '', _utm_medium: '' });

    const kept = JSON.parse(storage.get(SOURCE_STORAGE_KEY)!) as { expires: number };
    expect(kept.expires - Date.now()).toBeGreaterThan((SOURCE_KEEP_DAYS - 1) * 24 * 60 * 60 * 1000);
    storage.set(SOURCE_STORAGE_KEY, JSON.stringify({ ...kept, expires: Date.now() - 1 }));
    const afterExpiry = fillForm(
      html,
      browserAt('https://www.acme.example/contact', 'https://www.acme.example/', storage),
    );
    expect(afterExpiry).toMatchObject({ _pageUrl: 'https://www.acme.example/contact', _referrer: '', _utm_source: '' });
  });

  it('without storage (blocked, private mode) the form still sends this page’s own source', () => {
    const html = htmlFormSnippet(INPUT);
    const page = browserAt(
      'https://www.acme.example/contact?utm_source=facebook&utm_medium=paid_social',
      'https://l.facebook.com/',
    );
    const blocked = {
      get: () => {
        throw new Error('SecurityError');
      },
      set: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Map<string, string>;
    expect(fillForm(html, { ...page, storage: blocked })).toMatchObject({
      _referrer: 'https://l.facebook.com/',
      _utm_source: 'facebook',
      _utm_medium: 'paid_social',
    });
  });
});
