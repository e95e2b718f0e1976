import { z } from 'zod';
import { ATTRIBUTION_KEYS } from '@leadbell/shared/lead-sources';
import {
  FORM_FIELD_ALIASES,
  FORM_FIELDS,
  FORM_SOURCE_FIELDS,
  NOTIFY_BODY_LIMIT_BYTES,
  NotifyRequestSchema,
  NotifyResponseSchema,
  TURNSTILE_FORM_FIELD,
} from '@leadbell/shared/notifications';
import { errorResponses, noContent } from '../../http/openapi-responses.ts';
import { API_KEY_SECURITY } from '../../http/openapi.ts';

// Documentation of POST /v1/notify only: the route reads and validates its body itself
// (receive-notification.ts), because a form carries its key in the body and a header key is
// checked before the body is read.

// Field descriptions and examples for the reference, attached to the shared schema's own fields
// so the document shows exactly what the route validates.
const FIELD_DOCS: Record<keyof typeof NotifyRequestSchema.shape, { description: string; examples?: unknown[] }> = {
  flowId: {
    description: 'The flow whose title and message templates are used (its id from the console’s Flows page).',
    examples: ['6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f'],
  },
  title: {
    description:
      'Replaces the flow’s title template for this notification (placeholders still work; broken placeholder syntax answers 400, as for a flow).',
    examples: ['Viewing request from {{Name}}'],
  },
  message: { description: 'Replaces the flow’s message template.', examples: ['{{Name}} asks: {{Message}}'] },
  url: {
    description: 'Opened when the notification is tapped; otherwise the flow’s notifications open.',
    examples: ['https://www.your-site.example/admin/orders/10042'],
  },
  data: {
    description:
      'The lead’s fields: they fill `{{Field Name}}` placeholders (any case, spaces allowed) and are all shown to the owner.',
    examples: [
      { Name: 'Ann Lee', Email: 'ann@example.com', Phone: '+1 555 0100', Message: 'Is the flat still available?' },
    ],
  },
  fillToken: {
    description:
      'For a form on a web page: the fill-time token the page got when it loaded (`GET /v1/fill-token`). A form sent faster than a person types, or with a token that is forged, expired or used twice, counts towards spam; calls from a server leave it out.',
  },
  turnstileToken: {
    description:
      'For a flow with Cloudflare Turnstile: the widget’s token (its `cf-turnstile-response` field). A browser’s submission that fails the check is quarantined as spam.',
  },
  pageUrl: {
    description:
      'The page the lead was sent from (`location.href`). Without it, the request’s `Referer` header. Its `utm_*`, `gclid` and `fbclid` query parameters count as `attribution` where that leaves them out.',
    examples: ['https://www.your-site.example/contact?utm_source=google&utm_medium=cpc'],
  },
  referrer: {
    description:
      'The page that brought the visitor to the site (`document.referrer` when they landed); `""` is the same as none. With the campaign parameters it gives the lead its source (Google Ads, organic search, social, email, referral, direct…).',
    examples: ['https://www.google.com/'],
  },
  attribution: {
    description: `The landing page’s campaign parameters, kept from the visitor’s arrival: any of ${'`utm_source`, `utm_medium`, `utm_campaign`, `utm_term`, `utm_content`, `gclid`, `fbclid`'} (text, 500 characters each).`,
    examples: [{ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-sale', gclid: 'EAIaIQobChMI' }],
  },
  test: {
    description: 'A test: delivered and shown with a Test badge, never counted against the plan (at most 100 a month).',
    examples: [false],
  },
};
for (const [name, docs] of Object.entries(FIELD_DOCS)) {
  const field = NotifyRequestSchema.shape[name as keyof typeof FIELD_DOCS];
  z.globalRegistry.add(field, { ...z.globalRegistry.get(field), ...docs });
}

const aliasOf = (name: keyof typeof FORM_FIELD_ALIASES) => ` (also read as \`${FORM_FIELD_ALIASES[name]}\`)`;

/** A plain HTML form's fields: the reserved ones start with `_`, every other field is the visitor's data. */
const NotifyFormSchema = z
  .object({
    [FORM_FIELDS.apiKey]: z
      .string()
      .optional()
      .describe(`The API key${aliasOf('apiKey')}, when it is not in a header (a header key wins).`),
    [FORM_FIELDS.flowId]: z.uuid().describe(`The flow${aliasOf('flowId')}.`),
    [FORM_FIELDS.title]: z.string().optional().describe('Replaces the flow’s title template; empty is ignored.'),
    [FORM_FIELDS.message]: z.string().optional().describe('Replaces the flow’s message template; empty is ignored.'),
    [FORM_FIELDS.url]: z.string().optional().describe('An `https://` address opened when the notification is tapped.'),
    [FORM_FIELDS.redirect]: z
      .string()
      .optional()
      .describe(
        `Where to send the visitor afterwards${aliasOf('redirect')}, with \`303 See Other\`: a page of the posting site or of the key’s allowed origins. Without it the visitor sees a short thank-you page.`,
      ),
    [FORM_FIELDS.test]: z.string().optional().describe('`true` (or `1`, `on`) sends a test notification.'),
    [FORM_FIELDS.honeypot]: z
      .string()
      .optional()
      .describe(
        'Honeypot: hide it from people and leave it empty. A post that fills it is answered like a success and quarantined as spam.',
      ),
    [FORM_FIELDS.fillToken]: z
      .string()
      .optional()
      .describe(
        'The fill-time token the form snippet’s script puts here when the page loads (`GET /v1/fill-token`). A form post without one, sent within seconds of it, or with one forged, expired or already used counts towards spam.',
      ),
    [TURNSTILE_FORM_FIELD]: z
      .string()
      .optional()
      .describe('Cloudflare Turnstile’s widget token, for a flow that asks for the CAPTCHA.'),
    [FORM_SOURCE_FIELDS.pageUrl]: z
      .string()
      .optional()
      .describe('The page the form was sent from (the snippet fills it); without it, the `Referer` header.'),
    [FORM_SOURCE_FIELDS.referrer]: z
      .string()
      .optional()
      .describe('The page that brought the visitor to the site (the snippet fills it from their landing page).'),
    ...Object.fromEntries(
      ATTRIBUTION_KEYS.map((key) => [
        FORM_SOURCE_FIELDS[key],
        z.string().optional().describe(`The landing page’s \`${key}\` (the snippet fills it).`),
      ]),
    ),
  })
  .catchall(z.string().describe('Any other field is the visitor’s data, under its own name.'));

const DESCRIPTION = `Sends one lead to the flow's owner: stored, then pushed to their devices (and emailed when they
get email copies). The answer comes once the notification is committed.

**From code**: JSON with the key in \`Authorization: Bearer …\` or \`X-Api-Key\`. \`Content-Type: text/plain\`
with a JSON body is taken too, so \`navigator.sendBeacon()\` and requests that must avoid a CORS
preflight work. CORS is open to any site: limit a key that goes into page HTML to your site's origins.

**From a plain HTML form** (\`application/x-www-form-urlencoded\`): the key and flow in the \`${FORM_FIELDS.apiKey}\` and
\`${FORM_FIELDS.flowId}\` fields, every other field becomes \`data\`. The visitor is sent to \`${FORM_FIELDS.redirect}\` or sees a
thank-you page (when the browser asks for HTML).

**Retries**: send \`Idempotency-Key\` (up to 255 visible ASCII characters, an order number or a UUID).
For 24 hours the same key answers the first answer again, with \`Idempotent-Replayed: true\`, and
creates nothing new.

**Limits**: ${NOTIFY_BODY_LIMIT_BYTES / 1024} kB per request; a rate per key, told in the \`RateLimit-Limit\`, \`RateLimit-Remaining\`
and \`RateLimit-Reset\` headers (429 with \`Retry-After\` past it). Past the Starter plan's monthly volume a
notification is still stored, but held (\`"held": true\`, \`status: "held"\` and a \`warning\`): it is
delivered when the business chooses a larger plan, never refused; larger plans count the overage.`;

/** `schema` of POST /v1/notify; used with a validatorCompiler that validates nothing. */
export const NOTIFY_SCHEMA = {
  tags: ['Notifications'],
  summary: 'Send a notification',
  description: DESCRIPTION,
  security: API_KEY_SECURITY,
  headers: z.object({
    'idempotency-key': z
      .string()
      .optional()
      .describe('Makes retries safe: the same key within 24 hours replays the first answer.'),
  }),
  body: {
    content: {
      'application/json': { schema: NotifyRequestSchema },
      'text/plain': { schema: NotifyRequestSchema.describe('The same JSON, sent as text to avoid a CORS preflight.') },
      'application/x-www-form-urlencoded': { schema: NotifyFormSchema },
    },
  },
  response: {
    202: {
      description: 'Stored and on its way to the owner.',
      content: {
        'application/json': { schema: NotifyResponseSchema },
        'text/html': {
          schema: z.string().describe('A form post from a browser that asks for HTML: a short thank-you page.'),
        },
      },
    },
    303: z.undefined().describe('A form post with a valid redirect: the visitor goes to `Location`.'),
    ...errorResponses({
      400: 'A field is wrong (`validation_error`, `details.fields` names it), or malformed JSON.',
      401: 'No key, or an unknown or revoked one: `invalid_api_key`. Checked before the body is read.',
      403: 'The key is limited to other origins: `origin_not_allowed`.',
      404: 'The flow does not exist in the key’s business: `not_found`.',
      413: `The body is over ${NOTIFY_BODY_LIMIT_BYTES / 1024} kB: \`payload_too_large\`.`,
      415: true,
      429: 'Over the key’s rate: `rate_limited`; retry after `Retry-After` seconds.',
    }),
  },
};

export const NOTIFY_PREFLIGHT_SCHEMA = {
  tags: ['Notifications'],
  summary: 'CORS preflight for /v1/notify',
  description: 'Browsers ask before a cross-site JSON request; any origin may call.',
  response: { 204: noContent('Allowed: methods, headers and max age in the CORS headers.') },
};
