import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiKeyCipher, generateApiKey, hashApiKey } from './api-key-cipher.ts';

const hexKey = randomBytes(32).toString('hex');

function flipFirstCharacter(part: string): string {
  return `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`;
}

describe('api key cipher', () => {
  it('decrypts what it encrypts', () => {
    const cipher = createApiKeyCipher(hexKey);
    const key = generateApiKey();
    expect(cipher.decrypt(cipher.encrypt(key))).toBe(key);
    expect(cipher.decrypt(cipher.encrypt('ünïcode ✓'))).toBe('ünïcode ✓');
  });

  it('a cipher built from the same key reads what another instance sealed', () => {
    const sealed = createApiKeyCipher(hexKey).encrypt('lb_live_same');
    expect(createApiKeyCipher(hexKey.toUpperCase()).decrypt(sealed)).toBe('lb_live_same');
  });

  it('uses a different nonce each time, so sealing the same key twice differs', () => {
    const cipher = createApiKeyCipher(hexKey);
    const sealed = Array.from({ length: 20 }, () => cipher.encrypt('lb_live_same'));
    expect(new Set(sealed).size).toBe(20);
    const nonces = sealed.map((value) => value.split('.')[1]);
    expect(new Set(nonces).size).toBe(20);
    expect(Buffer.from(nonces[0]!, 'base64url')).toHaveLength(12);
  });

  it('the sealed text has the versioned format and does not contain the key', () => {
    const key = generateApiKey();
    const sealed = createApiKeyCipher(hexKey).encrypt(key);
    expect(sealed.split('.')).toHaveLength(4);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(key.slice(8));
  });

  it.each([
    ['the cipher text', 3],
    ['the authentication tag', 2],
    ['the nonce', 1],
  ])('tampering with %s makes decrypting throw', (_label, index) => {
    const cipher = createApiKeyCipher(hexKey);
    const parts = cipher.encrypt(generateApiKey()).split('.');
    parts[index] = flipFirstCharacter(parts[index]!);
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
  });

  it('another encryption key cannot decrypt', () => {
    const sealed = createApiKeyCipher(hexKey).encrypt(generateApiKey());
    expect(() => createApiKeyCipher(randomBytes(32).toString('hex')).decrypt(sealed)).toThrow();
  });

  it.each(['', 'v1.only.three', 'v2.a.b.c', 'plain-text-key'])('an unknown format (%s) throws', (sealed) => {
    expect(() => createApiKeyCipher(hexKey).decrypt(sealed)).toThrow('Unknown API key ciphertext format.');
  });

  it('refuses an encryption key that is not 32 bytes', () => {
    expect(() => createApiKeyCipher(randomBytes(16).toString('hex'))).toThrow(
      'The API key encryption key must be 32 bytes.',
    );
    expect(() => createApiKeyCipher('')).toThrow();
  });
});

describe('generateApiKey', () => {
  it('has the lb_live_ prefix and 192 random bits in base64url', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^lb_live_[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(key.slice('lb_live_'.length), 'base64url')).toHaveLength(24);
  });

  it('never repeats', () => {
    expect(new Set(Array.from({ length: 1000 }, generateApiKey)).size).toBe(1000);
  });
});

describe('hashApiKey', () => {
  it('is the hex SHA-256 of the key: stable, and different for different keys', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey()));
  });
});
