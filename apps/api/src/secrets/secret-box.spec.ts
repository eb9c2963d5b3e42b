import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config/config';
import { maskSecret, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = SecretBox.fromKey(randomBytes(32));

  it('round-trips text and JSON, with a fresh IV each time', () => {
    const a = box.encrypt('zażółć gęślą jaźń');
    const b = box.encrypt('zażółć gęślą jaźń');
    expect(a).not.toBe(b);
    expect(a).not.toContain('zażółć');
    expect(box.decrypt(a)).toBe('zażółć gęślą jaźń');
    expect(box.decryptJson(box.encryptJson({ password: 'p', n: 1 }))).toEqual({ password: 'p', n: 1 });
  });

  it('refuses a value made with another key, a tampered value and a plain value', () => {
    const other = SecretBox.fromKey(randomBytes(32));
    const stored = box.encrypt('secret');
    expect(() => other.decrypt(stored)).toThrow();
    const parts = stored.split(':');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join(':'))).toThrow();
    expect(() => box.decrypt('secret')).toThrow('Not an encrypted value');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => SecretBox.fromKey(randomBytes(16))).toThrow('32 bytes');
  });

  it('embedded mode without SECRETS_KEY creates a private key file once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'depot-secrets-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = SecretBox.fromConfig(config);
      const key = readFileSync(join(dir, 'secrets.key'), 'utf8');
      expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
      const second = SecretBox.fromConfig(config);
      expect(readFileSync(join(dir, 'secrets.key'), 'utf8')).toBe(key);
      expect(second.decrypt(first.encrypt('x'))).toBe('x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('server mode needs SECRETS_KEY; base64 and hex keys both work', () => {
    expect(() => SecretBox.fromConfig(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }))).toThrow(
      'SECRETS_KEY',
    );
    const raw = randomBytes(32);
    const b64 = SecretBox.fromConfig(
      loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', SECRETS_KEY: raw.toString('base64') }),
    );
    const hex = SecretBox.fromConfig(
      loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', SECRETS_KEY: raw.toString('hex') }),
    );
    expect(hex.decrypt(b64.encrypt('same key'))).toBe('same key');
  });

  it('masks all but the end of a secret', () => {
    expect(maskSecret('abcdef123456')).toBe('••••3456');
    expect(maskSecret('abc')).toBe('••••');
  });
});
