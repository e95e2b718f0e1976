import { describe, expect, it } from 'vitest';
import { maskApiKey, maskFlowId, maskMiddle } from './masking.ts';

describe('maskApiKey', () => {
  it('keeps the first 4 and last 4 characters with stars between', () => {
    const key = 'lb_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    expect(maskApiKey(key)).toBe('lb_l********2345');
  });

  it('never contains the hidden middle of the key', () => {
    const key = 'lb_live_0123456789abcdefghijklmnopqrstuv';
    expect(maskApiKey(key)).not.toContain(key.slice(4, -4));
  });

  it('stars a key too short to hide anything instead of revealing it', () => {
    expect(maskApiKey('abcdefgh')).toBe('********');
    expect(maskApiKey('abc')).toBe('********');
    expect(maskApiKey('')).toBe('********');
  });
});

describe('maskFlowId', () => {
  it('keeps 3 leading and 3 trailing characters with 5 stars between', () => {
    expect(maskFlowId('3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b')).toBe('3f2*****a6b');
  });

  it('stars an id of 6 characters or fewer, one star per character at least', () => {
    expect(maskFlowId('abcdef')).toBe('******');
    expect(maskFlowId('ab')).toBe('*****');
    expect(maskFlowId('abcdefg')).toBe('abc*****efg');
  });
});

describe('maskMiddle', () => {
  it('uses as many stars as asked, whatever the hidden length', () => {
    expect(maskMiddle('abcdefghij', 2, 3)).toBe('ab***ij');
    expect(maskMiddle('abcde', 2, 10)).toBe('ab**********de');
  });

  it('stars a short value with at least as many stars as its length', () => {
    expect(maskMiddle('abcdefgh', 4, 2)).toBe('********');
  });
});
