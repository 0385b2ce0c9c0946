import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { registerUser } from '../../src/accounts/users';
import { resolveJwtSecret } from '../../src/accounts/auth-plugin';

describe('embedded database in DATA_DIR', () => {
  it('keeps data across a restart and re-applies migrations idempotently', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-persist-'));
    try {
      const first = await openDatabase({ dataDir });
      const created = await registerUser(first.db, { email: 'keep@example.test', password: 'secret1' });
      await first.close();

      const second = await openDatabase({ dataDir });
      const [row] = await second.db.select().from(users).where(eq(users.id, created.id));
      expect(row?.email).toBe('keep@example.test');
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('generates the JWT secret once and keeps it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-secret-'));
    try {
      const a = resolveJwtSecret(undefined, dataDir);
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect(resolveJwtSecret(undefined, dataDir)).toBe(a);
      expect(resolveJwtSecret('configured-secret-configured-secret!', dataDir)).toBe(
        'configured-secret-configured-secret!',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
