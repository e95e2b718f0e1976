import { describe, expect, it } from 'vitest';
import { NotifyRequestSchema } from '@leadbell/shared/notifications';
import { FIELD_NAME_MAX, fitLeadData, OTHER_FIELDS, shortenText } from './fit-lead-data.ts';

const FLOW_ID = '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';

describe('fitLeadData', () => {
  it('keeps fields within the limits as they are, in order', () => {
    expect(
      fitLeadData([
        ['First Name', 'Ann'],
        ['age', 41],
        ['ok', true],
      ]),
    ).toEqual({
      data: { 'First Name': 'Ann', age: 41, ok: true },
      shortenedFields: [],
    });
  });

  it('cuts a value over 1,000 characters and lists the field', () => {
    const { data, shortenedFields } = fitLeadData([['message', 'x'.repeat(5000)]]);
    expect(data.message).toHaveLength(1000);
    expect(String(data.message).endsWith('…')).toBe(true);
    expect(shortenedFields).toEqual(['message']);
  });

  it('cuts a name over 64 characters, and tells apart two names that become the same', () => {
    const long = 'n'.repeat(80);
    const { data, shortenedFields } = fitLeadData([
      [long, 'a'],
      [`${long}x`, 'b'],
    ]);
    const names = Object.keys(data);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(FIELD_NAME_MAX);
    expect(shortenedFields).toEqual(names);
  });

  it('gathers fields past the 50th into "Other fields", one line each', () => {
    const fields = Array.from({ length: 53 }, (_, index): [string, string] => [`f${index}`, `v${index}`]);
    const { data, shortenedFields } = fitLeadData(fields);
    expect(Object.keys(data)).toHaveLength(50);
    expect(data[OTHER_FIELDS]).toBe('f49: v49\nf50: v50\nf51: v51\nf52: v52');
    expect(shortenedFields).toEqual([OTHER_FIELDS]);
  });

  it('keeps exactly 50 fields as they are', () => {
    const fields = Array.from({ length: 50 }, (_, index): [string, string] => [`f${index}`, 'v']);
    expect(Object.keys(fitLeadData(fields).data)).toHaveLength(50);
  });

  it('names an unnamed field and strips control characters from names and values', () => {
    expect(
      fitLeadData([
        ['', 'x'],
        ['a\u0000b', 'c\u0007d'],
      ]).data,
    ).toEqual({ 'Unnamed field': 'x', ab: 'cd' });
  });

  it('always produces data the shared schema accepts', () => {
    const fields = Array.from({ length: 70 }, (_, index): [string, string] => [
      'ü'.repeat(90) + index,
      '😀'.repeat(900),
    ]);
    const { data } = fitLeadData(fields);
    expect(NotifyRequestSchema.safeParse({ flowId: FLOW_ID, data }).success).toBe(true);
  });
});

describe('shortenText', () => {
  it('never splits a character made of two UTF-16 units', () => {
    const cut = shortenText('😀'.repeat(10), 6);
    expect(cut).toBe('😀😀…');
  });
});
