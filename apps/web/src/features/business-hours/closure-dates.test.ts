import { describe, expect, it } from 'vitest';
import { formatClosureDates, isPastClosure, todayIn } from './closure-dates.ts';

/** ICU writes a range's dash with thin spaces in some versions. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('closure dates', () => {
  const today = '2026-11-24';

  it('writes one day or a range as the locale does, without this year', () => {
    expect(formatClosureDates({ from: '2026-12-25' }, { today, locale: 'en-GB' })).toBe('25 Dec');
    expect(plain(formatClosureDates({ from: '2026-12-25', to: '2026-12-26' }, { today, locale: 'en-GB' }))).toBe(
      '25 – 26 Dec',
    );
    expect(plain(formatClosureDates({ from: '2026-12-25', to: '2026-12-26' }, { today, locale: 'en-US' }))).toBe(
      'Dec 25 – 26',
    );
    expect(formatClosureDates({ from: '2026-12-25', to: '2026-12-25' }, { today, locale: 'en-US' })).toBe('Dec 25');
  });

  it('names the year of another year, and both years of a range across New Year', () => {
    expect(formatClosureDates({ from: '2027-04-02' }, { today, locale: 'en-GB' })).toBe('2 Apr 2027');
    expect(plain(formatClosureDates({ from: '2026-12-31', to: '2027-01-01' }, { today, locale: 'en-GB' }))).toBe(
      '31 Dec 2026 – 1 Jan 2027',
    );
  });

  it('reads today in the business’s zone', () => {
    const at = new Date('2026-11-25T03:00:00Z');
    expect(todayIn('Europe/London', at)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-11-24');
  });

  it('a closure is past once its last day is', () => {
    expect(isPastClosure({ from: '2026-11-20', to: '2026-11-23' }, today)).toBe(true);
    expect(isPastClosure({ from: '2026-11-20', to: '2026-11-24' }, today)).toBe(false);
    expect(isPastClosure({ from: '2026-11-23' }, today)).toBe(true);
  });
});
