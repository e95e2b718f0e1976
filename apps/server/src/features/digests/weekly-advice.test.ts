import { describe, expect, it } from 'vitest';
import { weeklyAdvice, type MissedLead } from './weekly-advice.ts';

const at = (localHour: number, localWeekday = 2, flowName = 'Contact form'): MissedLead => ({
  localHour,
  localWeekday,
  flowName,
});

describe('weeklyAdvice', () => {
  it('praises a week without a missed lead', () => {
    expect(weeklyAdvice([])).toBe('Every lead was answered within its target. Keep it up.');
  });

  it('names the evening when most missed leads came after 6 pm', () => {
    expect(weeklyAdvice([at(19), at(20), at(22), at(21), at(11), at(14)])).toBe(
      '4 of 6 missed leads arrived after 6 pm: share the evenings with a teammate, or set business hours so they wait for the morning with a summary.',
    );
  });

  it('names a flow, the weekend or the early morning when that is the pattern', () => {
    expect(weeklyAdvice([at(10, 6), at(12, 0), at(15, 2)])).toMatch(/^2 of 3 missed leads arrived at the weekend/);
    expect(weeklyAdvice([at(7), at(8), at(13)])).toMatch(/^2 of 3 missed leads arrived before 9 am/);
    expect(weeklyAdvice([at(10, 2, 'Bookings'), at(11, 3, 'Bookings'), at(12, 4, 'Contact form')])).toMatch(
      /^2 of 3 missed leads came through Bookings/,
    );
  });

  it('says they were spread out when no pattern covers half', () => {
    expect(weeklyAdvice([at(7, 1, 'A'), at(12, 2, 'B'), at(19, 3, 'C'), at(14, 6, 'D'), at(15, 4, 'E')])).toMatch(
      /^5 of 5 missed leads were spread over the week/,
    );
  });
});
