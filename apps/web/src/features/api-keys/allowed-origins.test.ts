import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { OriginLinesSchema, displayOrigin, originLines, originsServerError } from './allowed-origins.ts';

const MESSAGE = 'Enter an origin like https://www.example.com (no path).';

describe('allowed origins', () => {
  it('api keys › one origin per line, trimmed, lower-cased, without blank lines or repeats', () => {
    expect(
      OriginLinesSchema.parse('  https://WWW.Example.com/ \n\nhttp://localhost:5173\r\nhttps://www.example.com\n'),
    ).toEqual(['https://www.example.com', 'http://localhost:5173']);
  });

  it('api keys › empty means any website', () => {
    expect(OriginLinesSchema.parse('\n  \n')).toEqual([]);
  });

  it('api keys › an invalid line is named with the shared message', () => {
    const result = OriginLinesSchema.safeParse('https://ok.example\nexample.com/contact');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`“example.com/contact”: ${MESSAGE}`);
  });

  it('api keys › more than 20 origins are refused', () => {
    const many = Array.from({ length: 21 }, (_, index) => `https://site${index}.example`).join('\n');
    expect(OriginLinesSchema.safeParse(many).error?.issues[0]?.message).toBe('At most 20 allowed origins.');
  });

  it('api keys › origins back into lines', () => {
    expect(originLines(['https://a.example', 'https://b.example'])).toBe('https://a.example\nhttps://b.example');
  });

  it('api keys › the list shows https origins by host, others in full', () => {
    expect(displayOrigin('https://www.example.com')).toBe('www.example.com');
    expect(displayOrigin('http://localhost:5173')).toBe('http://localhost:5173');
  });

  it('api keys › the server’s field error is found whichever line it names', () => {
    const error = new ApiError(400, 'validation_error', 'Invalid', { 'allowedOrigins.1': [MESSAGE] });
    expect(originsServerError(error)).toBe(MESSAGE);
    expect(originsServerError(new ApiError(400, 'validation_error', 'Invalid', { label: ['x'] }))).toBeNull();
    expect(originsServerError(new Error('x'))).toBeNull();
  });
});
