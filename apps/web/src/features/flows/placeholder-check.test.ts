import { describe, expect, it } from 'vitest';
import { seenFieldList, unfilledPlaceholders } from './placeholder-check.ts';

const SEEN = '2026-11-23T10:00:00.000Z';

function fields(names: string[], sampleSize = 50) {
  return { sampleSize, fields: names.map((name) => ({ name, lastSeenAt: SEEN })) };
}

describe('placeholder check', () => {
  it('flags placeholders no recent notification had a field for', () => {
    expect(unfilledPlaceholders(['First Name', 'email', 'phone'], fields(['name', 'email']))).toEqual([
      'First Name',
      'phone',
    ]);
  });

  it('matches names as templates do: any case, spaces trimmed and collapsed', () => {
    expect(unfilledPlaceholders(['First Name', 'EMAIL'], fields(['first  name', ' Email ']))).toEqual([]);
  });

  it('says nothing while the flow has no notification to compare with', () => {
    expect(unfilledPlaceholders(['name'], fields([], 0))).toEqual([]);
  });

  it('lists the fields seen, shortened past the limit', () => {
    expect(seenFieldList(fields(['name', 'email']))).toBe('name, email');
    expect(seenFieldList(fields(['a', 'b', 'c']), 2)).toBe('a, b…');
  });
});
