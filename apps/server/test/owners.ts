import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createHttpClient, type HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'Corr3ct-horse!';

export function uniqueEmail(label = 'owner'): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Signs up through the API and verifies with the code from the SMTP sink: a signed-in client. */
export async function signedInOwner(
  app: Pick<TestApp, 'baseUrl' | 'smtp'>,
  { name = 'Ann Owner', email = uniqueEmail() } = {},
): Promise<{ client: HttpClient; email: string }> {
  const client = createHttpClient(app);
  const mailsBefore = app.smtp.count();
  expect((await client.post('/v1/auth/sign-up/email', { name, email, password: PASSWORD })).status).toBe(200);
  const otp = await app.smtp.waitForCode(email, { after: mailsBefore });
  expect((await client.post('/v1/auth/email-otp/verify-email', { email, otp })).status).toBe(200);
  return { client, email };
}

/** A signed-in owner with an entity on the given plan (so with a first API key). */
export async function onboardedOwner(
  app: Pick<TestApp, 'baseUrl' | 'smtp'>,
  { plan = 'growth', entityName = 'Acme Homes' } = {},
) {
  const owner = await signedInOwner(app);
  const entity = await owner.client.post('/v1/entities', { name: entityName });
  expect(entity.status).toBe(201);
  expect((await owner.client.put(`/v1/entities/${entity.body.id}/plan`, { plan })).status).toBe(200);
  const keys = await owner.client.get('/v1/api-keys');
  const secret = await owner.client.get(`/v1/api-keys/${keys.body.data[0].id}/secret`);
  return { ...owner, entityId: entity.body.id as string, apiKey: secret.body.API_Key as string };
}

/** A flow with `{{name}}` templates for notification tests. */
export async function createFlow(client: HttpClient, overrides: Record<string, string> = {}) {
  const response = await client.post('/v1/flows', {
    name: 'Contact form',
    title: 'New lead: {{name}}',
    message: '{{name}} wrote: {{question}}',
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.body.flowId as string;
}

/** POST /v1/notify as a website sends it; expects 202 and returns the accepted notification. */
export async function notify(
  app: Pick<TestApp, 'baseUrl'>,
  apiKey: string,
  body: { flowId: string } & Record<string, unknown>,
): Promise<{ id: string; flowId: string; createdAt: string }> {
  const response = await fetch(`${app.baseUrl}/v1/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(202);
  return (await response.json()) as { id: string; flowId: string; createdAt: string };
}

/** Invites `email` into the admin's entity through the API; the link's token comes from the mail, as the invitee reads it. */
export async function inviteByEmail(
  app: Pick<TestApp, 'baseUrl' | 'smtp'>,
  admin: { client: HttpClient },
  { email = uniqueEmail('invitee'), role = 'user' }: { email?: string; role?: 'user' | 'admin' } = {},
) {
  const mailsBefore = app.smtp.count();
  const response = await admin.client.post('/v1/team/invitations', { email, role });
  expect(response.status).toBe(201);
  const mail = await app.smtp.waitForMail(email, { after: mailsBefore });
  // Quoted-printable soft line breaks may split the link in the raw message.
  const link = /(https?:\/\/\S+\/invite\/lbi_[\w-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''))![1]!;
  return { id: response.body.id as string, email, token: link.split('/').at(-1)!, link, mail };
}

/** A teammate who signed up from an invitation and joined the admin's entity. */
export async function joinedTeammate(
  app: Pick<TestApp, 'baseUrl' | 'smtp'>,
  admin: { client: HttpClient },
  { role = 'user', name = 'Mo Member' }: { role?: 'user' | 'admin'; name?: string } = {},
) {
  const invitation = await inviteByEmail(app, admin, { role });
  const person = await signedInOwner(app, { email: invitation.email, name });
  expect((await person.client.post(`/v1/invitations/${invitation.token}/accept`)).status).toBe(200);
  const me = await person.client.get('/v1/me');
  return { ...person, userId: me.body.user.id as string };
}
