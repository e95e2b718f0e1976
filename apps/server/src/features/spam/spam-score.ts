import { hash } from 'node:crypto';
import MailChecker from 'mailchecker';
import { detect } from 'tinyld/light';
import { emailFieldValueOf, isEmail } from '@leadbell/shared/contact';
import { SPAM_CONTENT_REASON_CODES, type SpamReasonCode } from '@leadbell/shared/leads';
import type { CaptchaVerdict } from './turnstile.ts';

/**
 * Whether an incoming lead is spam (issue 24), from signals that each add points; a lead at
 * SPAM_THRESHOLD or more is quarantined. Every signal that counted is a reason, kept with the lead
 * so its owner sees why. Pure: what needs the database (other entities' fingerprints, the owner's
 * earlier verdicts, the flow's languages) comes in as input.
 */
export const SPAM_THRESHOLD = 10;
// What the words alone may add: content never quarantines a lead by itself, so a genuine
// inquiry that happens to read like a pitch still rings; it takes another signal with it.
const CONTENT_CAP = SPAM_THRESHOLD - 1;

const POINTS = {
  honeypot: 10,
  markedBefore: 10,
  networkFingerprint: 10,
  tooFast: 6,
  forgedToken: 6,
  replayedToken: 6,
  expiredToken: 3,
  missingToken: 2,
  captchaFailed: 10,
  captchaUnverified: 3,
  flood: 8,
  disposableEmail: 5,
  invalidEmail: 4,
  roleEmail: 1,
  linkShortener: 4,
  html: 4,
  urlRuns: 3,
  newLanguage: 3,
  spamPhrase: 3,
  spamPhrasesAtMost: 9,
  allCaps: 2,
} as const;

export type SpamReason = { code: SpamReasonCode; points: number };

/**
 * What the worker's take of a batch needs to finish the verdict with what only the database knows
 * (leadbell_take_outbox, decision 039): the same weights and rule as scoreLead's network signal.
 */
export const WORKER_VERDICT = {
  threshold: SPAM_THRESHOLD,
  contentCap: CONTENT_CAP,
  contentCodes: SPAM_CONTENT_REASON_CODES,
  networkPoints: POINTS.networkFingerprint,
  markedPoints: POINTS.markedBefore,
  replayedPoints: POINTS.replayedToken,
  floodPoints: POINTS.flood,
  /**
   * More of a flow's leads than this within a minute is a flood: people do not fill in one form
   * that often, a bot with the page's key does. The flood quarantines only with one of the
   * request's own signals (no token, a throwaway address…), never with words or alone: a real
   * rush of customers rings.
   */
  floodLeadsPerMinute: 20,
};
export type SpamVerdict = { isSpam: boolean; score: number; reasons: SpamReason[] };

/**
 * What a form's fill-time token says (fill-time-token.ts): `human`, a valid token of a form filled
 * at a person's pace; `missing`, a form post without one; `not_applicable`, a call from a server.
 */
export type FillTimeVerdict = 'human' | 'too_fast' | 'forged' | 'replayed' | 'expired' | 'missing' | 'not_applicable';

export type SpamInput = {
  data: Record<string, unknown> | null;
  /** The hidden field of the form snippet was filled: people never see it. */
  honeypotFilled: boolean;
  fillTime: FillTimeVerdict;
  /** Cloudflare Turnstile's answer, for a flow that asks for the CAPTCHA. */
  captcha: CaptchaVerdict;
  /** Languages the flow's earlier leads were written in (tinyld's codes); empty while it has few. */
  knownLanguages: readonly string[];
  /** How many other entities received this message lately, and whether always from this sender. */
  network: { otherEntities: number; sameSender: boolean };
  /** The owner marked this sender or this message as spam before. */
  markedBefore: boolean;
};

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const SHORTENERS =
  /\b(?:bit\.ly|tinyurl\.com|t\.co|goo\.gl|ow\.ly|is\.gd|cutt\.ly|rebrand\.ly|shorturl\.at|rb\.gy|t\.ly|tiny\.cc)\//i;
const HTML = /<\s*(?:a\s|script|iframe|img\s|\/a\s*>|b>|strong>|div|span|p>)|\[url=|\[\/url]/i;
const ROLE_MAILBOX = /^(?:seo|marketing|noreply|no-reply|info|admin|sales|support|webmaster|contact|office)@/i;
// Outreach and scam phrasing seen in form spam, in the languages the labelled set covers.
const SPAM_PHRASES = [
  /\bseo\b/i,
  /back ?links?/i,
  /first page of google|rank(?:ing)? (?:on|in) google|google rankings?/i,
  /i (?:visited|came across|was checking out) your (?:web)?site/i,
  /guaranteed? (?:results|traffic|ranking|returns?|profits?)/i,
  /\b(?:crypto|bitcoin|btc|usdt|forex|binary options?)\b/i,
  /investment opportunit|passive income|double your (?:money|investment)/i,
  /\b(?:casino|viagra|cialis|payday loans?)\b/i,
  /web ?design (?:services?|agency)|website redesign|app development services?/i,
  /(?:increase|boost) (?:your )?(?:sales|traffic|leads)/i,
  /unsubscribe|opt[ -]out/i,
  /dear (?:sir|madam|business owner|website owner)/i,
  // A seller introducing a service: customers ask for one, they do not offer it.
  /\bwe (?:offer|provide|specialize in)\b|\bour (?:agency|team) (?:can|will)\b/i,
  /предлагаем/i,
  /продвижени|раскрутк/i,
  /рассылк/i,
  /заработ/i,
  /реклам[аы] (?:вашего|в)/i,
  /ofrecemos/i,
  /posicionamiento web/i,
  /aumentar (?:sus|tus) ventas/i,
  /nous proposons|notre agence/i,
  /référencement/i,
  /augmentez vos ventes/i,
  /wir bieten/i,
  /suchmaschinenoptimierung/i,
  /mehr umsatz/i,
];
// All the phrases in one pass over the text: each its own group, so a match says which it was.
const SPAM_PHRASES_PATTERN = new RegExp(SPAM_PHRASES.map((phrase) => `(${phrase.source})`).join('|'), 'gi');

/** How many different spam phrases the text holds. */
function spamPhrasesIn(text: string): number {
  const found = new Set<number>();
  for (const match of text.matchAll(SPAM_PHRASES_PATTERN))
    found.add(match.findIndex((group, index) => index > 0 && group !== undefined));
  return found.size;
}

/** The visitor's own words: text values of three words or more (names, phones and emails drop out). */
function messageOf(data: SpamInput['data']): string {
  return Object.values(data ?? {})
    .filter((value): value is string => typeof value === 'string' && value.trim().split(/\s+/).length >= 3)
    .join('\n');
}

/**
 * A hash of the message with case, accents, spacing and punctuation folded, so the same pitch sent
 * to many businesses matches; null for a message too short to tell one sender from another.
 * Only this hash is ever compared across entities, never a lead's text.
 */
export function messageFingerprint(data: SpamInput['data']): string | null {
  const folded = messageOf(data)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded.length < 40 ? null : hash('sha256', folded, 'hex').slice(0, 32);
}

const PHONE_FIELD = /phone|mobile|tel\b|cell|whatsapp/i;

/**
 * Who the lead says it is from: its email field (valid or not), else a phone field's last nine
 * digits (the same number with or without its country code). Never a name: the team's "Spam" on
 * one Tom must not quarantine every Tom.
 */
function senderOf(data: SpamInput['data']): string | null {
  const email = emailFieldValueOf(data);
  if (email) return `email ${email.toLowerCase()}`;
  const fields = Object.entries(data ?? {});
  const phone = fields.find(([field, value]) => PHONE_FIELD.test(field) && typeof value === 'string');
  const digits = typeof phone?.[1] === 'string' ? phone[1].replace(/\D/g, '').slice(-9) : '';
  return digits.length >= 6 ? `phone ${digits}` : null;
}

/** A hash of who the lead says it is from, to compare across entities. */
export function senderFingerprint(data: SpamInput['data']): string | null {
  const sender = senderOf(data);
  return sender ? hash('sha256', sender, 'hex').slice(0, 32) : null;
}

/** The language of the visitor's words (tinyld's code), or null when too short to tell. */
function messageLanguage(data: SpamInput['data']): string | null {
  const message = messageOf(data);
  return message.length >= 30 ? detect(message) || null : null;
}

function isDisposable(address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const listed = MailChecker.blacklist();
  // Listed domains cover their subdomains too (abc.mailinator.com).
  return domain.split('.').some((_, index, parts) => listed.has(parts.slice(index).join('.')));
}

// Only the field named like an email is read: checking every value for an address cost 34 µs a lead.
function emailReasons(data: SpamInput['data']): SpamReason[] {
  const address = emailFieldValueOf(data);
  if (!address) return [];
  if (!isEmail(address)) return [{ code: 'invalid_email', points: POINTS.invalidEmail }];
  if (isDisposable(address)) return [{ code: 'disposable_email', points: POINTS.disposableEmail }];
  return ROLE_MAILBOX.test(address) ? [{ code: 'role_email', points: POINTS.roleEmail }] : [];
}

function contentReasons(data: SpamInput['data'], knownLanguages: SpamInput['knownLanguages']): SpamReason[] {
  const text = Object.values(data ?? {})
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
  const reasons: SpamReason[] = [];
  const urls = text.match(URL_PATTERN) ?? [];
  if (urls.length > 0) reasons.push({ code: 'links', points: urls.length >= 3 ? 4 : urls.length });
  if (SHORTENERS.test(text)) reasons.push({ code: 'link_shortener', points: POINTS.linkShortener });
  if (HTML.test(text)) reasons.push({ code: 'html', points: POINTS.html });
  const urlCharacters = urls.reduce((sum, url) => sum + url.length, 0);
  if (urls.length >= 2 && urlCharacters * 2 >= text.replace(/\s/g, '').length)
    reasons.push({ code: 'url_runs', points: POINTS.urlRuns });
  const phrases = spamPhrasesIn(text);
  if (phrases > 0)
    reasons.push({ code: 'spam_phrases', points: Math.min(POINTS.spamPhrasesAtMost, phrases * POINTS.spamPhrase) });
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 20 && letters.replace(/[^\p{Lu}]/gu, '').length >= letters.length * 0.7)
    reasons.push({ code: 'all_caps', points: POINTS.allCaps });
  // Telling a language costs hundreds of microseconds: only for a flow with languages to compare.
  const language = knownLanguages.length > 0 ? messageLanguage(data) : null;
  if (language && !knownLanguages.includes(language))
    reasons.push({ code: 'new_language', points: POINTS.newLanguage });
  return reasons;
}

const FILL_TIME_REASONS: Partial<Record<FillTimeVerdict, SpamReason>> = {
  too_fast: { code: 'too_fast', points: POINTS.tooFast },
  forged: { code: 'forged_token', points: POINTS.forgedToken },
  replayed: { code: 'replayed_token', points: POINTS.replayedToken },
  expired: { code: 'expired_token', points: POINTS.expiredToken },
  missing: { code: 'missing_token', points: POINTS.missingToken },
};

const CAPTCHA_REASONS: Partial<Record<CaptchaVerdict, SpamReason>> = {
  failed: { code: 'captcha_failed', points: POINTS.captchaFailed },
  unverified: { code: 'captcha_unverified', points: POINTS.captchaUnverified },
};

/** The verdict on one lead, with every reason that added points. */
export function scoreLead(input: SpamInput): SpamVerdict {
  const content = contentReasons(input.data, input.knownLanguages);
  const contentPoints = Math.min(
    CONTENT_CAP,
    content.reduce((sum, reason) => sum + reason.points, 0),
  );
  const reasons: SpamReason[] = [...content];
  if (input.honeypotFilled) reasons.push({ code: 'honeypot', points: POINTS.honeypot });
  if (input.markedBefore) reasons.push({ code: 'marked_before', points: POINTS.markedBefore });
  const fillTime = FILL_TIME_REASONS[input.fillTime];
  if (fillTime) reasons.push(fillTime);
  const captcha = CAPTCHA_REASONS[input.captcha];
  if (captcha) reasons.push(captcha);
  reasons.push(...emailReasons(input.data));
  // The same words at another business are a campaign when something else says so too: a pitch,
  // links, or another sender each time. One person asking several businesses the same question
  // under one name still rings at each.
  const { otherEntities, sameSender } = input.network;
  if (otherEntities > 0 && (contentPoints > 0 || !sameSender))
    reasons.push({ code: 'network_fingerprint', points: POINTS.networkFingerprint });
  const otherPoints = reasons
    .filter((reason) => !content.includes(reason))
    .reduce((sum, reason) => sum + reason.points, 0);
  const score = contentPoints + otherPoints;
  return { isSpam: score >= SPAM_THRESHOLD, score, reasons };
}

/**
 * The verdict ingestion reaches from the request alone (decision 039): the hidden field, the
 * fill-time token, the CAPTCHA, the address and the words. What needs the database (other
 * businesses' fingerprints, the owner's marks, a token used twice, a flood) is the worker's.
 */
export function requestVerdictOf(
  request: Pick<SpamInput, 'data' | 'honeypotFilled' | 'fillTime' | 'captcha'>,
): SpamVerdict {
  return scoreLead({
    ...request,
    knownLanguages: [],
    network: { otherEntities: 0, sameSender: true },
    markedBefore: false,
  });
}
