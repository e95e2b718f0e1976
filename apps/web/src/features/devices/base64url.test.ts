import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, sameBytes } from './base64url.ts';

describe('base64url', () => {
  it('devices › decodes unpadded base64url, including - and _', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
  });

  it('devices › a 65-byte P-256 public key decodes to 65 bytes starting with 0x04', () => {
    const key = base64UrlToBytes(
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    );
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it('devices › compares a subscription key with the server key', () => {
    const key = new Uint8Array([1, 2, 3]);
    expect(sameBytes(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameBytes(new Uint8Array([0, 1, 2, 3]).subarray(1), key)).toBe(true);
    expect(sameBytes(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameBytes(null, key)).toBe(false);
  });
});
