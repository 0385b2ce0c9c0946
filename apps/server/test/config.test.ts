import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', SEED_SAMPLE_JOBS: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad field at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'admin@example.test', LOG_LEVEL: 'loud' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const field of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'ADMIN_PASSWORD']) expect(message).toContain(field);
  });

  it('runs every role in one process unless told otherwise; a worker needs the shared database', () => {
    expect(loadConfig({}).ROLE).toBe('all');
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE: worker needs DATABASE_URL/);
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/app' }).ROLE).toBe('worker');
    expect(() => loadConfig({ ROLE: 'cron' })).toThrow(ConfigError);
  });
});
