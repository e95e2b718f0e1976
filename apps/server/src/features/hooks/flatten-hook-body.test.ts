import { describe, expect, it } from 'vitest';
import { flattenHookBody } from './flatten-hook-body.ts';

describe('flattenHookBody', () => {
  it('names a Webflow form submission’s fields by their own keys', () => {
    const webflow = {
      triggerType: 'form_submission',
      payload: {
        name: 'Contact Form',
        siteId: '65427cf400e02b306eaa049c',
        data: { 'First Name': 'Ann', Email: 'ann@example.com', Message: 'Is Saturday free?' },
        submittedAt: '2026-11-23T09:30:00.000Z',
        id: '6321a7b5b3e9a2f1c8d4e5f6',
        formId: '65429eadebe8a9f3a30f62d0',
      },
    };
    expect(flattenHookBody(webflow)).toEqual([
      ['triggerType', 'form_submission'],
      ['name', 'Contact Form'],
      ['siteId', '65427cf400e02b306eaa049c'],
      ['First Name', 'Ann'],
      ['Email', 'ann@example.com'],
      ['Message', 'Is Saturday free?'],
      ['submittedAt', '2026-11-23T09:30:00.000Z'],
      ['id', '6321a7b5b3e9a2f1c8d4e5f6'],
      ['formId', '65429eadebe8a9f3a30f62d0'],
    ]);
  });

  it('uses the dotted path where two values share a key', () => {
    expect(flattenHookBody({ contact: { name: 'Ann' }, company: { name: 'Acme' }, city: 'Leeds' })).toEqual([
      ['contact.name', 'Ann'],
      ['company.name', 'Acme'],
      ['city', 'Leeds'],
    ]);
  });

  it('joins arrays of values, numbers arrays of objects, and drops empty values', () => {
    expect(
      flattenHookBody({ tags: ['a', 'b', null], answers: [{ text: 'Yes' }, { text: 'No' }], missing: null, n: 3 }),
    ).toEqual([
      ['tags', 'a, b'],
      ['answers.0.text', 'Yes'],
      ['answers.1.text', 'No'],
      ['n', 3],
    ]);
  });

  it('names entries of an array of values in an array by position', () => {
    expect(flattenHookBody({ rows: [['x', 'y'], ['z']] })).toEqual([
      ['rows 1', 'x, y'],
      ['rows 2', 'z'],
    ]);
  });

  it('takes a bare value or array at the top as one field', () => {
    expect(flattenHookBody('hello')).toEqual([['value', 'hello']]);
    expect(flattenHookBody([1, 2])).toEqual([['value', '1, 2']]);
  });
});
