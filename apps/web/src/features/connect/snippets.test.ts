import { describe, expect, it } from 'vitest';
import {
  curlSnippet,
  fetchSnippet,
  formFieldsOf,
  htmlFormSnippet,
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
});
