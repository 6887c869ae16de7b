import { createHash } from 'node:crypto';

/** A stable UUID-shaped id derived from `seed`, so identical requests get identical bodies. */
export function stableUuid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const BLOCK_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function stableBlockId(seed: string): string {
  const digest = createHash('sha1').update(seed).digest();
  let id = '';
  for (let i = 0; i < 5; i++) id += BLOCK_ID_ALPHABET[(digest[i] ?? 0) % BLOCK_ID_ALPHABET.length];
  return id;
}
