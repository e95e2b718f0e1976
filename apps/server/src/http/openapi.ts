import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { ApiKeySummarySchema } from '@leadbell/shared/api-keys';
import { UsageSchema } from '@leadbell/shared/billing';
import { DeviceSchema } from '@leadbell/shared/devices';
import { EntitySchema } from '@leadbell/shared/entities';
import { ApiErrorBodySchema } from '@leadbell/shared/error-codes';
import { FlowSchema } from '@leadbell/shared/flows';
import {
  DeliveryDetailSchema,
  DeliverySummarySchema,
  NotificationSchema,
  NotifyResponseSchema,
} from '@leadbell/shared/notifications';
import { MeSchema } from '@leadbell/shared/session';
import { SetupStatusSchema } from '@leadbell/shared/setup';
import {
  WebhookLeadClaimedSchema,
  WebhookLeadCreatedSchema,
  WebhookLeadDoneSchema,
  WebhookLeadOutcomeSchema,
  WebhookLeadSchema,
  WebhookLeadSpamSchema,
  WebhookTestEventSchema,
} from '@leadbell/shared/webhooks';
import { ERROR_DESCRIPTIONS, errorResponse, type ErrorStatus } from './openapi-responses.ts';
import { JSON_ONLY, STATE_CHANGES } from '../auth/require-session.ts';

export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * Shapes shown once under their name (Schemas) and referenced wherever a route answers with them;
 * everything else is written inline where it is used. Names are part of the document only.
 */
/**
 * What Leadbell POSTs to outgoing webhook endpoints (decision 049): OpenAPI 3.1's `webhooks`, one
 * per event type, each body a named schema.
 */
const WEBHOOK_EVENT_SCHEMAS: Array<[string, string, z.ZodType]> = [
  ['lead.created', 'WebhookLeadCreated', WebhookLeadCreatedSchema],
  ['lead.claimed', 'WebhookLeadClaimed', WebhookLeadClaimedSchema],
  ['lead.done', 'WebhookLeadDone', WebhookLeadDoneSchema],
  ['lead.spam', 'WebhookLeadSpam', WebhookLeadSpamSchema],
  ['lead.outcome', 'WebhookLeadOutcome', WebhookLeadOutcomeSchema],
  ['webhook.test', 'WebhookTestEvent', WebhookTestEventSchema],
];

const WEBHOOK_HEADERS = [
  ['webhook-id', 'The message id: the same on every retry and resend of the event; use it to skip duplicates.'],
  ['webhook-timestamp', 'When this attempt was sent, in seconds since 1970; refuse old ones (replays).'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint’s secret (decoded from base64 after `whsec_`); two during a rotation’s overlap.',
  ],
].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

/** The `webhooks` object: each event as a POST with its body by reference and the signature headers. */
function webhooksSection() {
  return Object.fromEntries(
    WEBHOOK_EVENT_SCHEMAS.map(([type, name, schema]) => [
      type,
      {
        post: {
          summary: type,
          description: `${schema.description ?? ''} Signed per Standard Webhooks; answer 2xx within 10 s, anything else is retried.`,
          tags: ['Webhooks'],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
          },
          responses: { '200': { description: 'Any 2xx: received.' } },
        },
      },
    ]),
  );
}

const NAMED_SCHEMAS: Array<[string, z.ZodType]> = [
  ['ApiError', ApiErrorBodySchema],
  ['NotifyResponse', NotifyResponseSchema],
  ['Notification', NotificationSchema],
  ['DeliverySummary', DeliverySummarySchema],
  ['DeliveryDetail', DeliveryDetailSchema],
  ['Flow', FlowSchema],
  ['ApiKey', ApiKeySummarySchema],
  ['Device', DeviceSchema],
  ['Entity', EntitySchema],
  ['Me', MeSchema],
  ['Usage', UsageSchema],
  ['SetupStatus', SetupStatusSchema],
  ['WebhookLead', WebhookLeadSchema],
  ...WEBHOOK_EVENT_SCHEMAS.map(([, name, schema]) => [name, schema] as [string, z.ZodType]),
];

/** Tags in the order the reference shows them; a route's tag comes from its path (TAG_OF_SEGMENT) unless it names one. */
const TAGS = [
  {
    name: 'Notifications',
    description:
      'What websites call: `POST /v1/notify` with an API key, from code or a plain HTML form. The console reads notifications with a session.',
  },
  { name: 'Flows', description: 'A flow is one form or source on a website, with the templates of its notifications.' },
  { name: 'API keys', description: 'Keys websites send notifications with; each can be limited to browser origins.' },
  { name: 'Devices', description: 'Phones and browsers that ring (Web Push subscriptions), and email copies.' },
  { name: 'Account', description: 'The signed-in user, their business (entity), plan, usage and first-day setup.' },
  {
    name: 'Authentication',
    description:
      'Sign-up, sign-in, codes and passwords. A successful sign-in sets the session cookie and answers the same session as a bearer token in the `set-auth-token` header. Every POST needs an `Origin` header of this site.',
  },
  {
    name: 'Webhooks',
    description:
      'Outgoing webhooks: endpoints that receive signed lead events (see the `webhooks` section for each event’s body).',
  },
  { name: 'Live events', description: 'Server-Sent Events for the console: new notifications and delivery updates.' },
  { name: 'Operations', description: 'Health checks for load balancers and supervisors.' },
];

const TAG_OF_SEGMENT: Record<string, string> = {
  notify: 'Notifications',
  hooks: 'Notifications',
  notifications: 'Notifications',
  flows: 'Flows',
  'api-keys': 'API keys',
  'push-subscriptions': 'Devices',
  push: 'Devices',
  me: 'Account',
  entities: 'Account',
  usage: 'Account',
  setup: 'Account',
  auth: 'Authentication',
  events: 'Live events',
  'webhook-endpoints': 'Webhooks',
};

/** Either credential of the console: the session cookie, or the same session as a bearer token. */
export const SESSION_SECURITY: Array<Record<string, string[]>> = [{ sessionCookie: [] }, { sessionToken: [] }];
/** An API key in either header. */
export const API_KEY_SECURITY: Array<Record<string, string[]>> = [{ apiKey: [] }, { apiKeyHeader: [] }];

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'lb_live_…',
    description: 'An API key from the console’s API keys page: `Authorization: Bearer lb_live_…`.',
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description: 'The same API key in the `X-Api-Key` header.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The console’s session cookie, set by sign-in (httpOnly; named `__Secure-better-auth.session_token` over HTTPS). A browser on this site sends it by itself.',
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session as a bearer token: the `set-auth-token` header of a successful sign-in.',
  },
} as const;

const DESCRIPTION = `Leadbell rings a business owner's phone when a website sends a lead.

**Websites** call \`POST /v1/notify\` with an API key (from code, or a plain HTML form). **The console** uses
every other endpoint with a session: sign in through \`/v1/auth/…\` and the cookie does the rest.

**Errors** always come as \`{ "error": { "code", "message", "requestId", "details"? } }\`: branch on \`code\`,
show \`message\`, read field messages from \`details.fields\`, and quote \`requestId\` (also the \`x-request-id\`
header of every answer) when you contact support.

**Versioning**: \`/v1\` changes only in ways that keep working clients working. New endpoints, new optional
inputs, new fields in answers and new error codes may appear at any time: ignore what you do not know.
Anything that would break a client comes as a new version, announced ahead, with \`/v1\` kept working
meanwhile.`;

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK.',
  201: 'Created.',
  202: 'Accepted.',
  204: 'Done; no body.',
  303: 'See other: go to the `Location` header.',
};

type RouteSchema = {
  hide?: boolean;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
};

function registerNamedSchemas(): void {
  for (const [id, schema] of NAMED_SCHEMAS) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}

function hooksOf(hooks: RouteOptions['onRequest']): unknown[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

function tagOf(url: string): string {
  const segment = url.split('/')[2] ?? '';
  return TAG_OF_SEGMENT[segment] ?? segment.replace(/^./, (letter) => letter.toUpperCase());
}

/** `200: FlowSchema` → a documented JSON response with the status's description. */
function describedResponse(status: string, schema: unknown): unknown {
  if (!(schema instanceof $ZodType)) return schema;
  const zodSchema = schema as unknown as z.ZodType;
  const description = zodSchema.description ?? STATUS_DESCRIPTIONS[status] ?? 'Success.';
  const type = zodSchema.def.type;
  if (type === 'undefined' || type === 'null')
    return zodSchema.description ? zodSchema : zodSchema.describe(description);
  return { description, content: { 'application/json': { schema: zodSchema } } };
}

/**
 * What every API route gets without asking, so a new route only adds its summary and its success
 * `response`: a tag from its path, the session's security and 401 when requireSession guards it
 * (with 403 and 415 for a state change, which must come from the console as JSON), 400 when it
 * takes input, 404 when it has path parameters, and 500. A route's own entries win.
 */
function documentationDefaults(route: RouteOptions, { sessionGuard, adminGuard }: Guards): void {
  if (!route.url.startsWith('/v1/')) return;
  const schema = (route.schema ??= {}) as RouteSchema;
  if (schema.hide) return;
  schema.tags ??= [tagOf(route.url)];
  const isGuarded = hooksOf(route.onRequest).includes(sessionGuard);
  if (isGuarded) schema.security ??= SESSION_SECURITY;
  const errors: ErrorStatus[] = [500];
  if (schema.body || schema.querystring || schema.params) errors.push(400);
  if (isGuarded) errors.push(401);
  const methods = [route.method].flat();
  if (
    hooksOf(route.onRequest).includes(adminGuard) ||
    (isGuarded && methods.some((method) => STATE_CHANGES.has(method)))
  )
    errors.push(403);
  if (isGuarded && methods.some((method) => JSON_ONLY.has(method))) errors.push(415);
  if (route.url.includes(':')) errors.push(404);
  const response: Record<string, unknown> = Object.fromEntries(
    errors.map((status) => [status, errorResponse(ERROR_DESCRIPTIONS[status])]),
  );
  for (const [status, value] of Object.entries(schema.response ?? {}))
    response[status] = describedResponse(status, value);
  schema.response = response;
}

type ContentBody = { content: Record<string, { schema: unknown }> };

function isContentBody(body: unknown): body is ContentBody {
  return typeof body === 'object' && body !== null && !(body instanceof $ZodType) && 'content' in body;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The zod transform, plus request bodies given per content type (`body: { content: { type: {
 * schema } } }`), which it does not convert: /v1/notify takes JSON, text and form bodies.
 */
const transform: SwaggerTransform = (document) => {
  const body = (document.schema as RouteSchema | undefined)?.body;
  if (!isContentBody(body)) return zodTransform(document);
  const { body: _body, ...rest } = document.schema as RouteSchema;
  const result = zodTransform({ ...document, schema: rest } as typeof document);
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, { schema }]) => {
      const converted = zodTransform({ ...document, schema: { body: schema } } as typeof document);
      return [type, { schema: (converted.schema as RouteSchema).body }];
    }),
  );
  return { ...result, schema: { ...result.schema, body: { content } } };
};

type Paths = Record<string, Record<string, { tags?: string[]; security?: unknown }>>;

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];

/**
 * Paths by their tag's place in TAGS, what websites call (API key) before what the console calls,
 * and methods in the usual order: the reference reads top-down, starting with /v1/notify.
 */
function inReadingOrder(paths: Paths): Paths {
  const firstOperation = (path: string) => Object.values(paths[path]!)[0];
  const rank = (path: string) => {
    const operation = firstOperation(path);
    const tagIndex = TAGS.findIndex((tag) => tag.name === operation?.tags?.[0]);
    const isWebsiteApi = JSON.stringify(Object.values(paths[path]!).map((op) => op.security)).includes('"apiKey"');
    return (tagIndex === -1 ? TAGS.length : tagIndex) * 2 + (isWebsiteApi ? 0 : 1);
  };
  const ordered = Object.keys(paths)
    .map((path, index) => ({ path, index, rank: rank(path) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  return Object.fromEntries(
    ordered.map(({ path }) => [
      path,
      Object.fromEntries(
        Object.entries(paths[path]!).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
      ),
    ]),
  );
}

/** Names referenced from `value` (`#/components/schemas/Name`). */
function referencedNames(value: unknown): Set<string> {
  const names = new Set<string>();
  for (const match of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) names.add(match[1]!);
  return names;
}

/**
 * Named schemas plus only the input/output variants the operations use: the zod transform emits
 * both variants of every named schema, most of which nothing references.
 */
const transformObject: SwaggerTransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = openapi.components?.schemas ?? {};
  const webhooks = webhooksSection();
  const kept = referencedNames([openapi.paths, webhooks]);
  for (let pending = [...kept]; pending.length > 0;) {
    const next = [...referencedNames(pending.map((name) => schemas[name]))].filter((name) => !kept.has(name));
    for (const name of next) kept.add(name);
    pending = next;
  }
  const used = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
  return {
    ...openapi,
    paths: inReadingOrder(openapi.paths as Paths),
    webhooks,
    components: { ...openapi.components, schemas: used },
  } as ReturnType<SwaggerTransformObject>;
};

type Guards = { sessionGuard: onRequestAsyncHookHandler; adminGuard: onRequestAsyncHookHandler };
type OpenApiOptions = Guards & { publicUrl: string };

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas (docs/decisions/022-api-reference.md).
 * Registered before any route: it collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, { publicUrl, ...guards }: OpenApiOptions) {
  registerNamedSchemas();
  app.addHook('onRoute', (route) => documentationDefaults(route, guards));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Leadbell API', version: '1', description: DESCRIPTION },
      servers: [{ url: publicUrl }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      // Tools (code generators, other viewers) may read it from anywhere; it holds nothing private.
      .header('access-control-allow-origin', '*')
      .send(app.swagger()),
  );
}
