import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/config';

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';

/**
 * Encryption at rest for credentials we must be able to read back (carrier credentials, shop keys):
 * AES-256-GCM with a random 12-byte IV per value. A stored value reads `v1:<iv>:<tag>:<ciphertext>` (base64url),
 * so a wrong key or a tampered value fails to decrypt instead of yielding garbage.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
    return new SecretBox(key);
  }

  /**
   * The key from SECRETS_KEY (32 bytes, base64 or hex); in embedded mode without it, a key file in the data
   * directory, created on first start (decision 0012).
   */
  static fromConfig(config: AppConfig): SecretBox {
    if (config.secretsKey) return SecretBox.fromKey(config.secretsKey);
    if (config.mode !== 'embedded') {
      throw new Error(
        'Invalid configuration:\n  SECRETS_KEY: required with DATABASE_URL (32 bytes, base64 or hex)',
      );
    }
    const file = join(config.dataDir, KEY_FILE);
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    }
    return SecretBox.fromKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join(':');
  }

  /** Throws when the value was not made with this key or was altered. */
  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not an encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  encryptJson(value: unknown): string {
    return this.encrypt(JSON.stringify(value));
  }

  decryptJson<T>(stored: string): T {
    return JSON.parse(this.decrypt(stored)) as T;
  }
}

/** Shows the end of a secret only, e.g. `••••4f2a`, for lists and forms. */
export function maskSecret(secret: string, visible = 4): string {
  return secret.length <= visible ? '••••' : `••••${secret.slice(-visible)}`;
}
