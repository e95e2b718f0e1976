import { hash } from 'node:crypto';
import MailChecker from 'mailchecker';
import { emailFieldValueOf, isEmail } from '@leadbell/shared/contact';
import { SPAM_CONTENT_REASON_CODES, type SpamReasonCode } from '@leadbell/shared/leads';
import type { CaptchaVerdict } from './turnstile.ts';

/**
 * The spam verdict's weights, in one place (issues 24 and 46): each signal adds its points to a
 * lead's score, and a lead at SPAM_THRESHOLD or more is quarantined. The verdict itself is
 * reached once, in the worker's take (leadbell_judge_spam, 32-spam-verdict.sql), from the signals
 * the request showed (requestSignalsOf, here: the hidden field, the fill-time token, the CAPTCHA,
 * the address and the words) and those only the database knows, with these weights
 * (WORKER_VERDICT). Every signal that counted is a reason, kept with the lead so its owner sees why.
 */
const SPAM_THRESHOLD = 10;
// What the words alone may add: content never quarantines a lead by itself, so a genuine
// inquiry that happens to read like a pitch still rings; it takes another signal with it.
const CONTENT_CAP = SPAM_THRESHOLD - 1;

const POINTS = {
  honeypot: 10,
  markedBefore: 10,
  networkFingerprint: 10,
  networkMarked: 10,
  tooFast: 6,
  forgedToken: 6,
  replayedToken: 6,
  expiredToken: 3,
  missingToken: 2,
  captchaFailed: 10,
  captchaUnverified: 3,
  flood: 8,
  // The content model's most (its log-odds at WORKER_VERDICT.modelSpamAt or more): enough alone.
  contentModel: 10,
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
 * What the worker's take judges its leads by (leadbell_judge_spam, decision 039): the threshold,
 * the cap on the words' points, and the weights of what only the database knows.
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
   * A form posted without the snippet's fill-time token (`missing_token`) is one weak signal (issue
   * 46): its points count only beside at least this many of the lead's other signals' (its address,
   * the words' hand-written signals, a flood…), never beside the content model's alone. Every lead
   * of a plain HTML form lacks the token, so beside the model it only moved the threshold for those
   * businesses' customers, and the genuine inquiries the model reads as nearly spam were quarantined
   * (decision 086). Two, so that one link or a role address (info@) alone, as customers send, does
   * not count either. Chosen by the training part's cross-validation.
   */
  missingTokenBeside: 2,
  /**
   * More of a flow's public submissions (form posts, webhook deliveries, browsers' calls; never
   * its own server's, issue 46) than this within a minute is a flood: people do not fill in one
   * form that often, a bot with the page's key does. The flood quarantines only with one of the
   * request's own signals (no token, a throwaway address…), never with words or alone: a real
   * rush of customers rings.
   */
  floodLeadsPerMinute: 20,
  /**
   * A message in a language none of the business's genuine leads were written in counts against it
   * (issue 46), once this many of them taught it its languages (entity_languages).
   */
  newLanguagePoints: POINTS.newLanguage,
  languagesLearnedFrom: 5,
  /**
   * The content model (issue 46, docs/spam.md): its log-odds of spam give points in proportion, up
   * to its most at this log-odds, where it quarantines a lead alone. Odds of about 7 to 1, chosen
   * before measuring, not fitted to the held-out split or to any public corpus.
   */
  modelPoints: POINTS.contentModel,
  modelSpamAt: 2,
  /**
   * The model's prior and weights count in full at this many features it knows: a lead with fewer
   * gets that share of them, one with more its weights' sum scaled by the square root of this over
   * their number (decision 083: a word's features are not independent evidence). Chosen by
   * cross-validation on the training part.
   */
  modelFullEvidence: 8,
  /**
   * The same message or sender marked "Spam" by this many other businesses (each with genuine
   * leads of its own) is spam at the next (issue 46): one business alone never decides for others.
   */
  networkMarksAgreed: 3,
  networkMarkedPoints: POINTS.networkMarked,
};

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

function contentReasons(data: SpamInput['data']): SpamReason[] {
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

/**
 * The signals the request itself shows (decision 039), each with its points: the hidden field, the
 * fill-time token, the CAPTCHA, the address and the words. Read while the request is, since only
 * the request has the token's and the CAPTCHA's answers; weighed in the worker, with what only the
 * database knows (leadbell_judge_spam).
 */
export function requestSignalsOf(input: SpamInput): SpamReason[] {
  const reasons = contentReasons(input.data);
  if (input.honeypotFilled) reasons.push({ code: 'honeypot', points: POINTS.honeypot });
  const fillTime = FILL_TIME_REASONS[input.fillTime];
  if (fillTime) reasons.push(fillTime);
  const captcha = CAPTCHA_REASONS[input.captcha];
  if (captcha) reasons.push(captcha);
  reasons.push(...emailReasons(input.data));
  return reasons;
}
