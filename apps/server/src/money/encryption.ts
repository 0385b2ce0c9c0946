/**
 * Encryption at rest of people's secrets (account numbers, IBANs, TINs): AES-256-GCM with a key from
 * DATA_ENCRYPTION_KEY, or one generated into the data folder on first start, like the JWT secret.
 * Each value names its key (a short id) and is bound to its row and column (AAD), so a value copied
 * to another row does not decrypt. Rotation: docs/decisions/0202-encryption-at-rest.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env';

const FORMAT = 'v1';

type Key = { id: string; bytes: Buffer };

const keyId = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const toKey = (bytes: Buffer): Key => ({ id: keyId(bytes), bytes });

/** The configured key, or the one kept in (or first generated into) the data folder. */
export function resolveDataKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, 'data-encryption-key');
  try {
    const stored = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (stored.length === 32) return stored;
    throw new Error(`${file} does not hold a 32-byte base64 key`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(dataDir, { recursive: true });
    const bytes = crypto.randomBytes(32);
    // wx: two processes starting at once must not each write their own key.
    try {
      fs.writeFileSync(file, bytes.toString('base64'), { mode: 0o600, flag: 'wx' });
      return bytes;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return resolveDataKey(undefined, dataDir);
      throw e;
    }
  }
}

/**
 * The keys of this process. Services take only the database handle, so the app registers its keys
 * here once at start; every key ever registered stays readable (tests build several apps).
 */
const ring = { current: null as Key | null, all: new Map<string, Key>() };

export function useDataKeys(config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'DATA_ENCRYPTION_PREVIOUS_KEYS' | 'dataDir'>) {
  const current = toKey(resolveDataKey(config.DATA_ENCRYPTION_KEY, config.dataDir));
  for (const old of (config.DATA_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').filter((k) => k.trim())) {
    const key = toKey(Buffer.from(old.trim(), 'base64'));
    ring.all.set(key.id, key);
  }
  ring.all.set(current.id, current);
  ring.current = current;
}

function currentKey(): Key {
  if (!ring.current) throw new Error('No data encryption key: useDataKeys() was not called');
  return ring.current;
}

/** `context` names the row and column the value belongs to, e.g. `payout_methods.account:<user id>`. */
export function encryptSecret(plain: string, context: string): string {
  const key = currentKey();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return [FORMAT, key.id, ...parts].join('.');
}

export function decryptSecret(stored: string, context: string): string {
  const [format, id, iv, tag, body] = stored.split('.');
  if (format !== FORMAT || !id || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('Not an encrypted value');
  }
  const key = ring.all.get(id);
  if (!key) throw new Error(`The key ${id} that encrypted this value is not configured`);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a value was encrypted with an earlier key (the rotation re-encrypts those). */
export const needsReencryption = (stored: string) => stored.split('.')[1] !== currentKey().id;

/**
 * The last characters of a number: all that any reply, page, export, log or e-mail shows of it. Four,
 * but never more than half the number (decision 0221): a foreign TIN or an account of four characters
 * shows two, of three or two shows one, of one shows nothing.
 */
export const last4 = (value: string) => {
  const plain = value.replace(/[\s-]/g, '');
  return plain.slice(plain.length - Math.min(4, Math.floor(plain.length / 2)));
};

/** The longest number whose mask is not simply its last four (7 characters: 3 shown). */
export const SHORT_NUMBER_MAX = 7;
