// What the interview scripts (bench:interview, report:conversation:socket) share: this repository's
// server started on a fresh data folder, its JSON API, and candidate answers spoken by Flite.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FliteTts } from '../../apps/server/src/interview/providers/tts/flite';

type ServerOptions = {
  port: number;
  /** Prefix of the temporary data folder (removed on stop). */
  dataPrefix: string;
  admin: { email: string; password: string };
  /** Extra environment, e.g. INTERVIEW_MAX_QUESTIONS, ROLE. */
  env?: Record<string, string>;
  /**
   * A data folder another process uses too (a web and a worker instance share uploads and secrets):
   * used as is and left in place on stop. Otherwise a new one under `dataPrefix`, removed on stop.
   */
  dataDir?: string;
};

/** Starts `apps/server/src/server.ts` without sample jobs; `ready()` waits for /api/health. */
export function startLocalServer({ port, dataPrefix, admin, env = {}, dataDir: shared }: ServerOptions) {
  const dataDir = shared ?? fs.mkdtempSync(path.join(os.tmpdir(), dataPrefix));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_SAMPLE_JOBS: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    // The server's log lines go to stderr: a script's stdout stays its JSON figures.
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;

  /** POST with a body, else GET; throws with the status and body on anything but 2xx. */
  async function api(pathname: string, body?: unknown, token?: string) {
    const res = await fetch(`${base}${pathname}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /**
   * A new candidate who has acknowledged the AI notice and agreed to the recording of an interview for
   * `jobId`, as the equipment check does (no live interview starts without both).
   */
  async function consentingCandidate(emailPrefix: string, jobId: string) {
    const email = `${emailPrefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { token } = (await api('/api/auth/register', { email, password: `${emailPrefix}-password-1` })) as {
      token: string;
    };
    await api('/api/consents', { purpose: 'ai_assessment', job_id: jobId }, token);
    await api('/api/consents', { purpose: 'interview_recording', job_id: jobId }, token);
    return token;
  }

  async function ready(timeoutMs = 60_000) {
    for (const until = Date.now() + timeoutMs; Date.now() < until;) {
      const up = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  /** Stops the server (SIGTERM, it drains) and removes its data folder unless it was given. */
  async function stop() {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    if (!shared) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  /**
   * Waits until a job's recognition model is on disk (built in the background when a job is saved,
   * ~30 s of CPU). A candidate takes an interview long after the job is posted, so the interview
   * scripts measure with the model the candidate would have. Says how long it took, or 'off'.
   */
  async function jobModelBuilt(timeoutMs = 300_000): Promise<string> {
    if ((env.STT_JOB_MODELS ?? process.env.STT_JOB_MODELS) === 'false') return 'off';
    const folder = path.join(dataDir, 'recognition');
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const built =
        fs.existsSync(folder) &&
        fs.readdirSync(folder).some((d) => fs.existsSync(path.join(folder, d, 'respellings.json')));
      if (built) return `built in ${Math.round((Date.now() - started) / 1000)} s`;
      await new Promise((r) => setTimeout(r, 500));
    }
    return `not built within ${Math.round(timeoutMs / 1000)} s`;
  }

  const socketUrl = (token: string) => `ws://127.0.0.1:${port}/ws/session?token=${token}`;
  return { server, dataDir, api, consentingCandidate, ready, jobModelBuilt, stop, socketUrl };
}

/** Each text spoken by Flite's 'slt' voice (the candidate's answers), as 16-bit samples. */
export async function speakAll(texts: string[]): Promise<Int16Array[]> {
  const voice = new FliteTts({ voice: 'slt', workers: 1 });
  try {
    return await Promise.all(texts.map((t) => voice.synthesize(t, new AbortController().signal)));
  } finally {
    voice.close();
  }
}
