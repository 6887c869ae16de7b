import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealingKey } from './settings.js';

/** A sealed value: `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts. */
const VERSION = 'v1';

/** A sealed record that cannot be opened: unknown key id (the key was dropped), or altered bytes. */
export class UnreadableRecord extends Error {
  override readonly name = 'UnreadableRecord';
}

/**
 * AES-256-GCM with the key's id in each sealed value: the current key seals, every configured key opens,
 * so TOKEN_ENCRYPTION_KEY can rotate (the old one moves to TOKEN_ENCRYPTION_OLD_KEYS). `aad` binds a sealed
 * value to where it is stored (its record key): a value copied under another person's key does not open.
 */
export class TokenCipher {
  readonly #byId: Map<string, Buffer>;
  readonly #current: SealingKey;

  constructor(keys: SealingKey[]) {
    const [current] = keys;
    if (!current) throw new Error('TokenCipher needs a key');
    this.#current = current;
    this.#byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
    return [VERSION, this.#current.id, ...parts].join('.');
  }

  /** The plaintext, and whether it was sealed with an older key (then it should be sealed anew). */
  open(sealed: string, aad: string): { plaintext: string; stale: boolean } {
    const [version, id = '', iv = '', body = '', tag = ''] = sealed.split('.');
    const key = this.#byId.get(id);
    if (version !== VERSION || !key)
      throw new UnreadableRecord(`sealed with an unknown key (${id.slice(0, 8)})`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plaintext = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return { plaintext, stale: id !== this.#current.id };
    } catch {
      throw new UnreadableRecord('a sealed record failed its integrity check');
    }
  }
}
