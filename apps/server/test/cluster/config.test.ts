import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';

describe('several-instance settings', () => {
  it('accepts redis:// URLs, needs a shared JWT_SECRET with them, and rejects anything else', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', JWT_SECRET: secret }).REDIS_URL).toBe(
      'redis://127.0.0.1:6379/2',
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/JWT_SECRET: must be set when REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379', JWT_SECRET: secret })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
  });
});
