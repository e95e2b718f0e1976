import { describe, expect, it } from 'vitest';
import { callerIdNumberProblem, textableNumberProblem } from './textable-number.ts';

const ALLOWED = ['US', 'GB'];

describe('textable number', () => {
  it('texts mobile numbers of the allowed countries only', () => {
    expect(textableNumberProblem('+447400123456', ALLOWED)).toBeNull();
    expect(textableNumberProblem('+442079460123', ALLOWED)).toBe('We text mobile numbers only: this is a landline.');
    expect(textableNumberProblem('+4915112345678', ALLOWED)).toMatch(/^We do not text numbers in Germany\./);
    expect(textableNumberProblem('+44123', ALLOWED)).toMatch(/not a mobile number we can read/);
  });
});

describe('caller id number', () => {
  it('takes a business’s landline, mobile, toll-free or shared number of the allowed countries', () => {
    expect(callerIdNumberProblem('+442079460123', ALLOWED)).toBeNull();
    expect(callerIdNumberProblem('+447400123456', ALLOWED)).toBeNull();
    expect(callerIdNumberProblem('+448001234567', ALLOWED)).toBeNull();
    expect(callerIdNumberProblem('+443069990123', ALLOWED)).toBeNull();
  });

  it('refuses premium-rate and personal forwarding numbers, other countries and unreadable numbers', () => {
    expect(callerIdNumberProblem('+449098790879', ALLOWED)).toBe(
      'Only a business’s own line can be its caller ID: this is a premium-rate number.',
    );
    expect(callerIdNumberProblem('+447011234567', ALLOWED)).toMatch(/a personal forwarding number/);
    expect(callerIdNumberProblem('+4930123456', ALLOWED)).toMatch(
      /^We do not call numbers in Germany\. Numbers we call: US, GB\./,
    );
    expect(callerIdNumberProblem('+44123', ALLOWED)).toMatch(/not a phone number we can read/);
  });
});
