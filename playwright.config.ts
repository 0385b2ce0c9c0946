import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

/** Browser journeys run Debian's Chromium against the production build on a fresh data folder. */
const PORT = Number(process.env.E2E_PORT ?? 3311);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-e2e-'));
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password-e2e' };

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // What production runs: the compiled server (npm run build first).
    command: 'node apps/server/dist/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The server's warnings and errors (LOG_LEVEL warn) in the run's output: a failed journey shows
    // what the server saw, e.g. a background job that failed.
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOGIN_LIMIT_PER_IP: '1000',
      // The journeys sign up far more people from one address than the production limit allows.
      REGISTER_LIMIT_PER_IP: '1000',
      // Practice runs from one address are limited per hour (decision 0169); the journeys start several.
      INTERVIEW_PRACTICE_PER_ADDRESS_PER_HOUR: '1000',
      // Every job the journeys save would build a recognition model (~30 s of CPU) beside the browsers.
      STT_JOB_MODELS: 'false',
      // Likewise the careful second pass (a model of the job and the candidate, two decodes and a speaker
      // transform, decision 0172) before each assessment the journeys wait for; the server tests run it
      // over a real socket.
      CAREFUL_PASS: 'false',
      // A payout method added or changed within 72 hours keeps its payouts out of a batch (decision 0204);
      // the payout journey's rater adds one minutes before the provider builds the batch it must be in.
      // The hold itself is tested on the server (payout batches' held list).
      PAYOUT_METHOD_HOLD_HOURS: '0',
      // A bias audit is published only for at least 20 AI-scored people (decision 0222); the journeys assess a
      // few interviews, so the floor is 1 here: an empty audit is still refused, and small groups still read
      // "fewer than 5". The default floor is tested on the server and in the console's page test.
      BIAS_AUDIT_MIN_SAMPLE: '1',
      // The hiring-at-volume journey's webhook receiver listens on 127.0.0.1 (plain http): the server-side
      // request forgery guard refuses that address by default, and is tested on the server.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The same journey sees a reminder go out: the campaign sweep runs every five minutes on the real
      // clock, so a test-only hook queues it as if hours later (refused with NODE_ENV production, which is
      // why this server runs as development; NODE_ENV changes nothing else here).
      CAMPAIGN_SWEEP_TEST_HOOK: 'true',
      NODE_ENV: 'development',
    },
  },
});
