import { isTwilioSignatureValid } from './twilio-signature.ts';

/** A text message handed to the provider: its id there, or why it was refused. */
export type SmsSendResult =
  { ok: true; providerSid: string } | { ok: false; status: number | null; providerCode: string | null; error: string };

/**
 * The seam every text message goes through (decision 053). One implementation today, Twilio's
 * REST API; another provider brings its own `send` and callback check.
 */
export type SmsProvider = {
  /** Sends a text whose status callbacks go to its row's own URL (smsStatusUrlOf). */
  send: (message: { to: string; body: string; messageId: string }) => Promise<SmsSendResult>;
  /** Whether a status callback posted to `url` with `params` really comes from the provider. */
  isCallbackGenuine: (url: string, params: Record<string, string>, signature: string | undefined) => boolean;
  /** What this installation lets anyone text, whatever the provider would take (issue 47). */
  limits: SmsLimits;
};

/** SMS_PER_HOUR and SMS_ALLOWED_COUNTRIES: the installation's ceiling and the countries it texts. */
export type SmsLimits = { perHour: number; allowedCountries: string[] };

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  /** An E.164 number, or a Messaging Service SID (MG…). */
  from: string;
  apiUrl: string;
  publicUrl: string;
};

// A text is worth waiting a little for, never long: the caller (a member's request, or the
// delivery worker) holds a slot meanwhile.
const SEND_TIMEOUT_MS = 10_000;

/** The Twilio provider when all its variables are set; null (SMS off) otherwise. */
export function twilioConfigOf(env: {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM_NUMBER?: string | undefined;
  TWILIO_API_URL: string;
  PUBLIC_URL: string;
}): TwilioConfig | null {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: from } = env;
  if (!accountSid || !authToken || !from) return null;
  return { accountSid, authToken, from, apiUrl: env.TWILIO_API_URL.replace(/\/$/, ''), publicUrl: env.PUBLIC_URL };
}

/** The server's SMS provider with the installation's limits, or null (SMS off) when Twilio is not configured. */
export function smsProviderOf(
  env: Parameters<typeof twilioConfigOf>[0] & { SMS_PER_HOUR: number; SMS_ALLOWED_COUNTRIES: string[] },
): SmsProvider | null {
  const config = twilioConfigOf(env);
  return config
    ? createTwilioProvider(config, { perHour: env.SMS_PER_HOUR, allowedCountries: env.SMS_ALLOWED_COUNTRIES })
    : null;
}

/** A Twilio resource created (a message, a call): its sid, or why Twilio refused it. */
export type TwilioPostResult = SmsSendResult;

/** What Twilio answered a request: its JSON (null for an empty 204), or why it refused it. */
export type TwilioAnswer =
  | { ok: true; body: Record<string, unknown> | null }
  | { ok: false; status: number | null; providerCode: string | null; error: string };

/**
 * One request to the account's part of Twilio's REST API (`path` after `/Accounts/{sid}/`, like
 * `Calls.json`) by plain HTTPS: form-encoded fields with Basic auth (the account SID and auth
 * token). No SDK, so the base address can be a local fake and nothing else is pulled in.
 */
export async function requestTwilio(
  config: TwilioConfig,
  method: 'POST' | 'DELETE',
  path: string,
  fields: Record<string, string | string[]> = {},
): Promise<TwilioAnswer> {
  // A list is sent as the parameter repeated, as Twilio reads lists (StatusCallbackEvent).
  const body = new URLSearchParams(
    Object.entries(fields).flatMap(([name, value]) => [value].flat().map((item): [string, string] => [name, item])),
  );
  const endpoint = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/${path}`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      ...(method === 'POST' && { body }),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, status: null, providerCode: null, error: (error as Error).message };
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok) return { ok: true, body: answer };
  return {
    ok: false,
    status: response.status,
    providerCode: answer?.code === undefined || answer.code === null ? null : String(answer.code),
    error: typeof answer?.message === 'string' ? answer.message.slice(0, 300) : `HTTP ${response.status}`,
  };
}

/** Creates a resource with a sid (`Messages`, `Calls`): requestTwilio, answering the new sid. */
export async function postToTwilio(
  config: TwilioConfig,
  resource: 'Messages' | 'Calls',
  fields: Record<string, string | string[]>,
): Promise<TwilioPostResult> {
  const answer = await requestTwilio(config, 'POST', `${resource}.json`, fields);
  if (!answer.ok) return answer;
  const sid = answer.body?.sid;
  return typeof sid === 'string'
    ? { ok: true, providerSid: sid }
    : { ok: false, status: 200, providerCode: null, error: 'Twilio answered without a sid.' };
}

/** Where Twilio posts a text's delivery status: its row's own URL (sms_messages.id). */
export function smsStatusUrlOf(publicUrl: string, messageId: string): string {
  return `${publicUrl}/v1/twilio/messages/${messageId}/status`;
}

/** Twilio's Messages resource (postToTwilio), with status callbacks to PUBLIC_URL. */
export function createTwilioProvider(config: TwilioConfig, limits: SmsLimits): SmsProvider {
  const sender: Record<string, string> = config.from.startsWith('MG')
    ? { MessagingServiceSid: config.from }
    : { From: config.from };
  return {
    limits,
    isCallbackGenuine: (url, params, signature) => isTwilioSignatureValid(config.authToken, url, params, signature),
    send: ({ to, body, messageId }) =>
      postToTwilio(config, 'Messages', {
        To: to,
        Body: body,
        StatusCallback: smsStatusUrlOf(config.publicUrl, messageId),
        ...sender,
      }),
  };
}
