import { ATTRIBUTION_KEYS } from '@leadbell/shared/lead-sources';
import { FORM_FIELDS, FORM_SOURCE_FIELDS, TURNSTILE_FORM_FIELD } from '@leadbell/shared/notifications';
import { templateVariables } from '@leadbell/shared/template';

/** What every snippet is filled in with. */
export type SnippetInput = {
  /** The Leadbell server's own origin (its PUBLIC_URL), e.g. `https://leadbell.example.com`. */
  endpoint: string;
  flowId: string;
  /** The API key, or its masked form until the owner reveals or copies it. */
  apiKey: string;
  /** The data fields the form sends, in order (the flow's placeholders, or name/email/message). */
  fields: string[];
  /** One of the owner's sites, for the HTML form's `_redirect` example. */
  siteOrigin?: string | undefined;
  /** The flow's Cloudflare Turnstile site key when it asks for the CAPTCHA: the HTML form shows the widget. */
  turnstileSiteKey?: string | null | undefined;
};

export const SDK_INSTALL_COMMAND = 'npm install @leadbell/sdk';

const DEFAULT_FIELDS = ['name', 'email', 'message'];

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `POST /v1/notify` on the Leadbell server. */
export function notifyUrl(endpoint: string): string {
  return `${withoutTrailingSlash(endpoint)}/v1/notify`;
}

/** `GET /v1/fill-token` for the flow: what a form's page fetches when it loads. */
export function fillTokenUrl(endpoint: string, flowId: string): string {
  return `${withoutTrailingSlash(endpoint)}/v1/fill-token?flowId=${encodeURIComponent(flowId)}`;
}

/** Cloudflare's script that turns each `.cf-turnstile` element into the widget. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** The fields a form for this flow should send: its placeholders as written, or a simple contact form. */
export function formFieldsOf(templates: string[]): string[] {
  const variables = templateVariables(templates.join('\n'));
  return variables.length > 0 ? variables : DEFAULT_FIELDS;
}

const SAMPLES: [pattern: RegExp, value: string][] = [
  [/e-?mail/i, 'ann.lee@example.com'],
  [/phone|mobile|tel\b|cell/i, '+1 555 0100'],
  [/first|given|vorname|prénom/i, 'Ann'],
  [/last|surname|family/i, 'Lee'],
  [/name/i, 'Ann Lee'],
  [/company|business|organi[sz]ation/i, 'Lee & Co'],
  [/date|when|day/i, 'Saturday morning'],
  [/message|question|comment|details|enquiry|inquiry|request|notes?\b/i, 'Hello! Is Saturday morning still free?'],
];

/** A believable lead for a test, one value per field. */
export function sampleData(fields: string[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field, SAMPLES.find(([pattern]) => pattern.test(field))?.[1] ?? `Sample ${field}`]),
  );
}

// Escaping for each language the snippets are written in: field names come from the owner's
// templates and may hold quotes, so every value is escaped for where it lands.

function htmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function htmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A single-quoted JavaScript string; `<` escaped too so `</script>` cannot end an inline script. */
function jsString(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/</g, '\\x3C');
  return `'${escaped}'`;
}

const JS_IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function jsKey(name: string): string {
  return JS_IDENTIFIER.test(name) ? name : jsString(name);
}

function jsMember(object: string, name: string): string {
  return JS_IDENTIFIER.test(name) ? `${object}.${name}` : `${object}[${jsString(name)}]`;
}

/** A single-quoted PHP string: only `\` and `'` are special there. */
function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A single-quoted POSIX shell word. */
function shellWord(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function labelOf(field: string): string {
  return field.charAt(0).toUpperCase() + field.slice(1);
}

function htmlInput(field: string): string {
  const name = htmlAttribute(field);
  const label = htmlText(labelOf(field));
  if (/message|question|comment|details|enquiry|inquiry|request|notes?\b/i.test(field))
    return `  <label>${label} <textarea name="${name}"></textarea></label>`;
  const type = /e-?mail/i.test(field) ? ' type="email"' : /phone|mobile|tel\b|cell/i.test(field) ? ' type="tel"' : '';
  return `  <label>${label} <input${type} name="${name}"></label>`;
}

/**
 * Fetches the flow's fill-time token as the page loads and puts it in the form's hidden field.
 * Plain ES5 that fails silently: the form still posts without it, as one counted a little suspicious.
 */
/** The browser storage entry where the snippets keep where a visitor came from. */
export const SOURCE_STORAGE_KEY = 'leadbell_source';
/** How long a visitor's arrival is remembered: a lead within it is attributed to it. */
export const SOURCE_KEEP_DAYS = 30;

/**
 * Script lines (at `indent`) that leave in `source` where the visitor came from: the landing
 * page's campaign parameters and the other site that sent them. A new arrival from a campaign or
 * another site replaces what was kept; moving between the site's own pages keeps it. First-party
 * storage only, nothing leaves the browser until the form is sent; without storage, this page's.
 */
function sourceCaptureLines(indent: string): string[] {
  return [
    `var source = null;`,
    `try {`,
    `  var here = window.location, now = Date.now(), params = new URLSearchParams(here.search);`,
    `  var campaign = {}, isCampaign = false;`,
    `  ${JSON.stringify(ATTRIBUTION_KEYS).replace(/"/g, "'").replace(/,/g, ', ')}.forEach(function (name) {`,
    `    if (params.get(name)) { campaign[name] = params.get(name); isCampaign = true; }`,
    `  });`,
    `  var referrer = document.referrer && new URL(document.referrer).hostname !== here.hostname ? document.referrer : '';`,
    `  try { source = JSON.parse(window.localStorage.getItem(${jsString(SOURCE_STORAGE_KEY)})); } catch (error) {}`,
    `  if (!(source && source.expires > now) || isCampaign || referrer) {`,
    `    source = { referrer: referrer, campaign: campaign, expires: now + ${SOURCE_KEEP_DAYS * 24 * 60 * 60 * 1000} };`,
    `    try { window.localStorage.setItem(${jsString(SOURCE_STORAGE_KEY)}, JSON.stringify(source)); } catch (error) {}`,
    `  }`,
    `} catch (error) {}`,
  ].map((line) => indent + line);
}

function fillTokenScript(endpoint: string, flowId: string): string[] {
  return [
    `  <script>`,
    `    (function (form) {`,
    `      if (!form) return;`,
    ...sourceCaptureLines('      '),
    `      if (source) {`,
    `        var put = function (name, value) { if (form.elements[name]) form.elements[name].value = value || ''; };`,
    `        put(${jsString(FORM_SOURCE_FIELDS.pageUrl)}, window.location.href);`,
    `        put(${jsString(FORM_SOURCE_FIELDS.referrer)}, source.referrer);`,
    `        for (var name in source.campaign) put('_' + name, source.campaign[name]);`,
    `      }`,
    `      if (!window.fetch) return;`,
    `      fetch(${jsString(fillTokenUrl(endpoint, flowId))})`,
    `        .then(function (response) { return response.json(); })`,
    `        .then(function (body) { if (body.token) ${jsMember('form.elements', FORM_FIELDS.fillToken)}.value = body.token; })`,
    `        .catch(function () {});`,
    `    })(document.currentScript && document.currentScript.closest('form'));`,
    `  </script>`,
  ];
}

/** The same remembering for the site's other pages, where a visitor may land before the form's. */
function siteSourceScript(): string[] {
  return [
    `<!-- On your site's other pages too (in its footer, say): remembers where each visitor came from`,
    `     (a search, an ad, a newsletter) for ${SOURCE_KEEP_DAYS} days in their browser, so a visitor who lands`,
    `     elsewhere and fills in this form later is still attributed. -->`,
    `<script>`,
    `  (function () {`,
    ...sourceCaptureLines('    '),
    `  })();`,
    `</script>`,
  ];
}

function turnstileWidget(siteKey: string): string[] {
  return [
    `  <!-- Cloudflare Turnstile, which this flow asks for: a post without its answer waits under Spam. -->`,
    `  <script src="${TURNSTILE_SCRIPT_URL}" async defer></script>`,
    `  <div class="cf-turnstile" data-sitekey="${htmlAttribute(siteKey)}"></div>`,
  ];
}

/** A plain HTML form that posts straight to Leadbell: honeypot and fill-time token included. */
export function htmlFormSnippet({
  endpoint,
  flowId,
  apiKey,
  fields,
  siteOrigin,
  turnstileSiteKey,
}: SnippetInput): string {
  const thanks = `${withoutTrailingSlash(siteOrigin ?? 'https://www.your-site.example')}/thanks`;
  return [
    `<form method="post" action="${htmlAttribute(notifyUrl(endpoint))}">`,
    `  <!-- Anyone can read this key in your page: limit it to your site's origins. -->`,
    `  <input type="hidden" name="${FORM_FIELDS.apiKey}" value="${htmlAttribute(apiKey)}">`,
    `  <input type="hidden" name="${FORM_FIELDS.flowId}" value="${htmlAttribute(flowId)}">`,
    `  <!-- Optional: the page visitors see after sending. It must be on one of your sites`,
    `       (an allowed origin of the key); without it they see a short thank-you page.`,
    `  <input type="hidden" name="${FORM_FIELDS.redirect}" value="${htmlAttribute(thanks)}">`,
    `  -->`,
    `  <!-- Honeypot against spam bots: hidden from people, leave it empty. Posts that fill it wait under Spam. -->`,
    `  <input type="text" name="${FORM_FIELDS.honeypot}" tabindex="-1" autocomplete="off" aria-hidden="true" style="position:absolute;left:-9999px">`,
    `  <!-- Tells people from bots: a token fetched as the page loads, which the form sends back.`,
    `       Without it a post counts as a little suspicious. -->`,
    `  <input type="hidden" name="${FORM_FIELDS.fillToken}">`,
    `  <!-- Where the visitor came from (the page, the site that sent them, the landing page's campaign),`,
    `       filled by the script below: the lead's source (Google Ads, search, social, email…). -->`,
    ...Object.values(FORM_SOURCE_FIELDS).map((name) => `  <input type="hidden" name="${name}">`),
    ...fillTokenScript(endpoint, flowId),
    ...fields.map(htmlInput),
    ...(turnstileSiteKey ? turnstileWidget(turnstileSiteKey) : []),
    `  <button type="submit">Send</button>`,
    `</form>`,
    ...siteSourceScript(),
  ].join('\n');
}

/** A page script that sends the form's fields as JSON with `fetch`, with the fill-time token. */
export function fetchSnippet({ endpoint, flowId, apiKey, turnstileSiteKey }: SnippetInput): string {
  return [
    `// Sends each submission of your form to Leadbell. Anyone can read this key in your page:`,
    `// limit it to your site's origins.`,
    `const form = document.querySelector('form');`,
    `// Tells people from bots: a token fetched as the page loads, sent back with the form.`,
    `const fillToken = fetch(${jsString(fillTokenUrl(endpoint, flowId))})`,
    `  .then((response) => response.json())`,
    `  .then((body) => body.token)`,
    `  .catch(() => undefined);`,
    ...(turnstileSiteKey
      ? [
          `// This flow asks for Cloudflare Turnstile: put its widget inside the form (see the HTML form);`,
          `// its answer, ${TURNSTILE_FORM_FIELD}, is then sent with the form's fields.`,
        ]
      : []),
    `form.addEventListener('submit', async (event) => {`,
    `  event.preventDefault();`,
    `  const response = await fetch(${jsString(notifyUrl(endpoint))}, {`,
    `    method: 'POST',`,
    `    headers: { 'Content-Type': 'application/json', 'X-Api-Key': ${jsString(apiKey)} },`,
    `    body: JSON.stringify({`,
    `      flowId: ${jsString(flowId)},`,
    `      fillToken: await fillToken,`,
    `      data: Object.fromEntries(new FormData(form)),`,
    `    }),`,
    `  });`,
    `  if (response.ok) form.replaceWith('Thank you! We will be in touch soon.');`,
    `  else console.error('Leadbell answered', response.status, await response.text());`,
    `});`,
  ].join('\n');
}

/** One request from a terminal or a server script: a test, until `"test":true` is taken out. */
export function curlSnippet({ endpoint, flowId, apiKey, fields }: SnippetInput): string {
  const body = JSON.stringify({ flowId, test: true, data: sampleData(fields) });
  return [
    `curl ${shellWord(notifyUrl(endpoint))} \\`,
    `  -H ${shellWord(`Authorization: Bearer ${apiKey}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellWord(body)}`,
  ].join('\n');
}

/** A PHP function with cURL, and its call where the form is handled. */
export function phpSnippet({ endpoint, flowId, apiKey, fields }: SnippetInput): string {
  return [
    `<?php`,
    `// The key stays on your server: PHP runs there, visitors never see it.`,
    `// Better still, set LEADBELL_API_KEY in the server's environment and delete the fallback.`,
    `function leadbell_notify(array $fields): void`,
    `{`,
    `    $apiKey = getenv('LEADBELL_API_KEY') ?: ${phpString(apiKey)};`,
    `    $data = [];`,
    `    foreach ($fields as $name => $value) {`,
    `        $data[$name] = mb_substr(is_array($value) ? implode(', ', $value) : (string) $value, 0, 1000);`,
    `    }`,
    `    $ch = curl_init(${phpString(notifyUrl(endpoint))});`,
    `    curl_setopt_array($ch, [`,
    `        CURLOPT_POST => true,`,
    `        CURLOPT_RETURNTRANSFER => true,`,
    `        CURLOPT_TIMEOUT => 5,`,
    `        CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . $apiKey, 'Content-Type: application/json'],`,
    `        CURLOPT_POSTFIELDS => json_encode(['flowId' => ${phpString(flowId)}, 'data' => $data]),`,
    `    ]);`,
    `    $answer = curl_exec($ch);`,
    `    $status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);`,
    `    curl_close($ch);`,
    `    if ($status !== 202) {`,
    `        error_log("Leadbell answered $status: $answer");`,
    `    }`,
    `}`,
    ``,
    `// Where your form is handled, after validating it:`,
    `leadbell_notify([`,
    ...fields.map((field) => `    ${phpString(field)} => $_POST[${phpString(field)}] ?? '',`),
    `]);`,
  ].join('\n');
}

/** functions.php: Contact Form 7 and WPForms hooks that send every posted field. */
export function wordpressSnippet({ endpoint, flowId, apiKey }: SnippetInput): string {
  return [
    `// Leadbell: paste into your theme's functions.php (or a small plugin).`,
    `// The key stays on your server: PHP runs there, visitors never see it.`,
    `// Better still, move this define() to wp-config.php.`,
    `if ( ! defined( 'LEADBELL_API_KEY' ) ) {`,
    `\tdefine( 'LEADBELL_API_KEY', ${phpString(apiKey)} );`,
    `}`,
    ``,
    `function leadbell_notify( array $fields ) {`,
    `\t$data = array();`,
    `\tforeach ( $fields as $name => $value ) {`,
    `\t\t$name = (string) $name;`,
    `\t\tif ( '' === $name || '_' === $name[0] ) {`,
    `\t\t\tcontinue; // The form plugin's own hidden fields (_wpcf7…).`,
    `\t\t}`,
    `\t\t$value = is_array( $value ) ? implode( ', ', $value ) : (string) $value;`,
    `\t\t$data[ mb_substr( $name, 0, 64 ) ] = mb_substr( $value, 0, 1000 );`,
    `\t}`,
    `\t$response = wp_remote_post( ${phpString(notifyUrl(endpoint))}, array(`,
    `\t\t'timeout' => 5,`,
    `\t\t'headers' => array(`,
    `\t\t\t'Authorization' => 'Bearer ' . LEADBELL_API_KEY,`,
    `\t\t\t'Content-Type'  => 'application/json',`,
    `\t\t),`,
    `\t\t'body'    => wp_json_encode( array(`,
    `\t\t\t'flowId' => ${phpString(flowId)},`,
    `\t\t\t'data'   => array_slice( $data, 0, 50, true ),`,
    `\t\t) ),`,
    `\t) );`,
    `\tif ( is_wp_error( $response ) ) {`,
    `\t\terror_log( 'Leadbell: ' . $response->get_error_message() );`,
    `\t} elseif ( 202 !== wp_remote_retrieve_response_code( $response ) ) {`,
    `\t\terror_log( 'Leadbell: ' . wp_remote_retrieve_body( $response ) );`,
    `\t}`,
    `}`,
    ``,
    `// Contact Form 7: after the form's email was sent.`,
    `add_action( 'wpcf7_mail_sent', function ( $contact_form ) {`,
    `\t$submission = WPCF7_Submission::get_instance();`,
    `\tif ( $submission ) {`,
    `\t\tleadbell_notify( $submission->get_posted_data() );`,
    `\t}`,
    `} );`,
    ``,
    `// WPForms: after an entry was saved; each field's label is its name.`,
    `add_action( 'wpforms_process_complete', function ( $fields, $entry, $form_data, $entry_id ) {`,
    `\t$data = array();`,
    `\tforeach ( $fields as $field ) {`,
    `\t\t$data[ $field['name'] ] = $field['value'];`,
    `\t}`,
    `\tleadbell_notify( $data );`,
    `}, 10, 4 );`,
  ].join('\n');
}

/** Node with the SDK (`@leadbell/sdk`). */
export function nodeSnippet({ endpoint, flowId, apiKey, fields }: SnippetInput): string {
  return [
    `// ${SDK_INSTALL_COMMAND}`,
    `// Keep the key on your server: put it in its environment (.env), never in code a browser loads:`,
    `//   LEADBELL_API_KEY=${apiKey}`,
    `import { Leadbell } from '@leadbell/sdk';`,
    ``,
    `const leadbell = new Leadbell({ apiKey: process.env.LEADBELL_API_KEY, baseUrl: ${jsString(withoutTrailingSlash(endpoint))} });`,
    ``,
    `// Where your form is handled, after validating it:`,
    `await leadbell.notify({`,
    `  flowId: ${jsString(flowId)},`,
    `  data: {`,
    ...fields.map((field) => `    ${jsKey(field)}: ${jsMember('form', field)},`),
    `  },`,
    `});`,
  ].join('\n');
}
