import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY,
  CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY,
} from '@leadbell/shared/voice';
import type { FakeTwilio, TwilioCallerIdRequest } from '../../../test/fake-twilio.ts';
import { joinedTeammate, onboardedOwner } from '../../../test/owners.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { startTwilioTestApp, type TwilioTestApp } from '../../../test/twilio-test-app.ts';

// Decision 082: an admin makes the business's own number its caller ID. Twilio calls the number
// (OutgoingCallerIds), the code is typed on the keypad, and Twilio's signed callback verifies it.

let app: TestApp;
let twilio: FakeTwilio;
let close: TwilioTestApp['close'] | undefined;

beforeAll(async () => {
  ({ app, twilio, close } = await startTwilioTestApp());
});
afterAll(async () => {
  await close?.();
});

let landlineCount = 0;
/** A fresh valid London landline, so each test's allowances and caller IDs are its own. */
function landline(): string {
  landlineCount += 1;
  return `+44207946${String(100 + landlineCount).padStart(4, '0')}`;
}

type Owner = Awaited<ReturnType<typeof onboardedOwner>>;
const callerIdPath = (owner: Owner) => `/v1/entities/${owner.entityId}/caller-id`;

function askedFor(phone: string): TwilioCallerIdRequest {
  const asked = twilio.callerIdRequestsFor(phone);
  expect(asked).toHaveLength(1);
  return asked[0]!;
}

/** Starts a verification of `phone` and types Twilio's code on the keypad: the number is verified. */
async function verified(owner: Owner, phone: string): Promise<string> {
  const started = await owner.client.post(callerIdPath(owner), { phone });
  expect(started.status).toBe(200);
  const typed = await twilio.typeCallerIdCode(twilio.callerIdRequestsFor(phone).at(-1)!, {
    digits: started.body.verification.validationCode,
  });
  expect(typed.status).toBe(204);
  return typed.outgoingCallerIdSid!;
}

describe('caller id › verification through Twilio', () => {
  it('asks Twilio to call the number, shows its code, and the signed callback makes the number the caller ID', async () => {
    const owner = await onboardedOwner(app, { entityName: 'Dupont Plumbing' });
    const before = await owner.client.get(callerIdPath(owner));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      enabled: true,
      defaultNumber: { number: '+15005550006', display: '+1 500 555 0006' },
      verified: null,
      verification: null,
    });

    const phone = landline();
    // Typed as people type it, spaces and all.
    const started = await owner.client.post(callerIdPath(owner), { phone: `${phone.slice(0, 3)} ${phone.slice(3)}` });
    expect(started.status).toBe(200);
    const asked = askedFor(phone);
    expect(asked.fields).toMatchObject({
      PhoneNumber: phone,
      FriendlyName: 'Dupont Plumbing',
      StatusCallbackMethod: 'POST',
    });
    expect(asked.fields.StatusCallback).toMatch(
      new RegExp(`^${app.baseUrl}/v1/twilio/caller-ids/[0-9a-f-]{36}/status$`),
    );
    expect(started.body.verification).toMatchObject({
      number: phone,
      status: 'pending',
      validationCode: asked.validationCode,
    });
    expect(started.body.verified).toBeNull();
    expect((await owner.client.get(callerIdPath(owner))).body.verification.validationCode).toBe(asked.validationCode);

    const typed = await twilio.typeCallerIdCode(asked, { digits: asked.validationCode });
    expect(typed.status).toBe(204);
    const after = (await owner.client.get(callerIdPath(owner))).body;
    expect(after.verified).toMatchObject({ number: phone, display: '+44 20 7946 0101' });
    expect(after.verification).toBeNull();
    const { rows } = await app.pool.query('select twilio_sid from entity_caller_ids where entity_id = $1', [
      owner.entityId,
    ]);
    expect(rows[0].twilio_sid).toBe(typed.outgoingCallerIdSid);
  });

  it('a wrong code fails the verification: the code is no longer shown, and the admin can start again', async () => {
    const owner = await onboardedOwner(app);
    const phone = landline();
    await owner.client.post(callerIdPath(owner), { phone });
    const asked = askedFor(phone);
    const wrong = asked.validationCode === '000000' ? '111111' : '000000';
    expect((await twilio.typeCallerIdCode(asked, { digits: wrong })).status).toBe(204);
    const failed = (await owner.client.get(callerIdPath(owner))).body;
    expect(failed.verification).toMatchObject({ number: phone, status: 'failed', validationCode: null });
    expect(failed.verified).toBeNull();
    // Twilio's callback repeated for the ended verification changes nothing.
    expect((await twilio.typeCallerIdCode(asked, { digits: wrong })).status).toBe(204);
    expect((await owner.client.get(callerIdPath(owner))).body).toEqual(failed);

    const again = await owner.client.post(callerIdPath(owner), { phone });
    expect(again.status).toBe(200);
    expect(again.body.verification.status).toBe('pending');
  });

  it('a forged callback answers 403 and changes nothing', async () => {
    const owner = await onboardedOwner(app);
    const phone = landline();
    await owner.client.post(callerIdPath(owner), { phone });
    const asked = askedFor(phone);
    const forged = await twilio.typeCallerIdCode(asked, { digits: asked.validationCode, signature: 'Zm9yZ2Vk' });
    expect(forged.status).toBe(403);
    const state = (await owner.client.get(callerIdPath(owner))).body;
    expect(state.verified).toBeNull();
    expect(state.verification).toMatchObject({ status: 'pending', validationCode: asked.validationCode });
    // Unsigned, at the right URL with the right fields: the same.
    const unsigned = await fetch(asked.fields.StatusCallback!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ CallSid: asked.callSid, VerificationStatus: 'success', OutgoingCallerIdSid: 'PN1' }),
    });
    expect(unsigned.status).toBe(403);
    expect((await owner.client.get(callerIdPath(owner))).body.verified).toBeNull();
  });

  it('a new number keeps the verified one until it is verified, then Twilio’s old caller ID is removed', async () => {
    const owner = await onboardedOwner(app);
    const first = landline();
    const firstSid = await verified(owner, first);
    const second = landline();
    const started = await owner.client.post(callerIdPath(owner), { phone: second });
    expect(started.body).toMatchObject({ verified: { number: first }, verification: { number: second } });
    const asked = askedFor(second);
    expect((await twilio.typeCallerIdCode(asked, { digits: asked.validationCode })).status).toBe(204);
    const state = (await owner.client.get(callerIdPath(owner))).body;
    expect(state).toMatchObject({ verified: { number: second }, verification: null });
    expect(twilio.verifiedCallerIds()).toContain(second);
    expect(twilio.verifiedCallerIds()).not.toContain(first);
    expect(firstSid).toMatch(/^PN/);
  });

  it('remove forgets the caller ID and removes it from the Twilio account, so it can be verified again', async () => {
    const owner = await onboardedOwner(app);
    const phone = landline();
    await verified(owner, phone);
    expect(twilio.verifiedCallerIds()).toContain(phone);
    expect((await owner.client.delete(callerIdPath(owner))).status).toBe(204);
    expect((await owner.client.get(callerIdPath(owner))).body).toMatchObject({ verified: null, verification: null });
    expect(twilio.verifiedCallerIds()).not.toContain(phone);
    expect((await owner.client.post(callerIdPath(owner), { phone })).status).toBe(200);
  });
});

describe('caller id › what is refused', () => {
  it('a member answers 403, another business’s admin 404, and neither reaches Twilio', async () => {
    const owner = await onboardedOwner(app, { plan: 'pro' });
    const member = await joinedTeammate(app, owner);
    const other = await onboardedOwner(app);
    const phone = landline();
    for (const client of [member.client]) {
      expect((await client.get(callerIdPath(owner))).status).toBe(403);
      expect((await client.post(callerIdPath(owner), { phone })).status).toBe(403);
      expect((await client.delete(callerIdPath(owner))).status).toBe(403);
    }
    expect((await other.client.get(callerIdPath(owner))).status).toBe(404);
    expect((await other.client.post(callerIdPath(owner), { phone })).status).toBe(404);
    expect((await other.client.delete(callerIdPath(owner))).status).toBe(404);
    expect((await other.client.get('/v1/entities/not-a-uuid/caller-id')).status).toBe(404);
    expect(twilio.callerIdRequestsFor(phone)).toHaveLength(0);
  });

  it('an unreadable, premium-rate, foreign or empty number answers 400 on phone, and nothing is called', async () => {
    const owner = await onboardedOwner(app);
    const cases: Array<[unknown, RegExp]> = [
      ['hello', /not a phone number we can read/],
      ['+44 909 879 0879', /a premium-rate number/],
      ['+49 30 123456', /We do not call numbers in Germany/],
      ['', /Enter your business’s phone number/],
      [undefined, /Enter your business’s phone number/],
    ];
    for (const [phone, message] of cases) {
      const refused = await owner.client.post(callerIdPath(owner), phone === undefined ? {} : { phone });
      expect(refused.status, String(phone)).toBe(400);
      expect(refused.body.error.code).toBe('validation_error');
      expect(refused.body.error.details.fields.phone[0]).toMatch(message);
    }
    expect(twilio.callerIdRequests.filter((asked) => asked.fields.PhoneNumber === '+449098790879')).toHaveLength(0);
  });

  it('another business’s verified number, or one Twilio already holds, answers 400 on phone', async () => {
    const owner = await onboardedOwner(app);
    const other = await onboardedOwner(app);
    const phone = landline();
    await verified(owner, phone);
    const mine = await owner.client.post(callerIdPath(owner), { phone });
    expect(mine.status).toBe(400);
    expect(mine.body.error.details.fields.phone[0]).toMatch(/already your caller ID/);
    const taken = await other.client.post(callerIdPath(other), { phone });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details.fields.phone[0]).toMatch(/Another business/);
    expect(twilio.callerIdRequestsFor(phone)).toHaveLength(1);

    // Verified in Twilio's console, not through Leadbell: Twilio's 21450 is the field's message.
    await app.pool.query('delete from entity_caller_ids where entity_id = $1', [owner.entityId]);
    const held = await other.client.post(callerIdPath(other), { phone });
    expect(held.status).toBe(400);
    expect(held.body.error.details.fields.phone[0]).toMatch(/Twilio cannot verify this number: .*already verified/);
  });

  it('Twilio down answers 502 caller_id_failed and gives the allowances back', async () => {
    const owner = await onboardedOwner(app);
    const phone = landline();
    twilio.refuse({ status: 503, code: 20503, message: 'Service unavailable' });
    try {
      for (let attempt = 0; attempt < CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY + 1; attempt += 1) {
        const failed = await owner.client.post(callerIdPath(owner), { phone });
        expect(failed.status).toBe(502);
        expect(failed.body.error).toMatchObject({ code: 'caller_id_failed', details: { providerCode: '20503' } });
      }
    } finally {
      twilio.refuse(null);
    }
    expect((await owner.client.post(callerIdPath(owner), { phone })).status).toBe(200);
  });
});

describe('caller id › allowances reserved before Twilio calls', () => {
  it(`parallel requests of one business: ${CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY} a day reach Twilio, the rest answer 429`, async () => {
    const owner = await onboardedOwner(app);
    const phones = Array.from({ length: CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY + 3 }, landline);
    const answers = await Promise.all(phones.map((phone) => owner.client.post(callerIdPath(owner), { phone })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const called = phones.filter((phone) => twilio.callerIdRequestsFor(phone).length > 0);
    expect(called).toHaveLength(CALLER_ID_VERIFICATIONS_PER_BUSINESS_PER_DAY);
  });

  it(`parallel requests for one number from several businesses: ${CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY} calls a day, the rest 429 on phone`, async () => {
    const owners = await Promise.all(
      Array.from({ length: CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY + 2 }, () => onboardedOwner(app)),
    );
    const phone = landline();
    const answers = await Promise.all(owners.map((owner) => owner.client.post(callerIdPath(owner), { phone })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.error.details.fields.phone[0]).toMatch(/This number was called/);
    expect(twilio.callerIdRequestsFor(phone)).toHaveLength(CALLER_ID_VERIFICATIONS_PER_NUMBER_PER_DAY);
  });
});
