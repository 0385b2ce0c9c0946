#!/usr/bin/env node
// Lighthouse (mobile settings, Debian's Chromium, nothing downloaded) on /login and on the
// marketplace as a signed-in candidate with a complete profile, against the built server on a fresh
// data folder. Prints the performance, accessibility and best-practices scores and the JavaScript
// bytes over the wire per route (median of several runs).
//   node scripts/bench-web.mjs [--runs 3] [--port 3435] [--save DIR]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', 3));
const port = Number(arg('port', 3435));
// --save DIR keeps each run's whole Lighthouse report (JSON) for a closer look.
const saveDir = arg('save', '');
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => path.join(root, 'apps/server/dist', p);
const base = `http://127.0.0.1:${port}`;
const candidate = { email: 'web-bench@example.test', password: 'web-bench-password' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A candidate with a complete profile, written into the data folder before the server starts. */
async function prepare(dataDir) {
  const { openDatabase } = await import(dist('db/client.js'));
  const { seedSampleJobs } = await import(dist('jobs/sample-jobs.js'));
  const { registerUser } = await import(dist('accounts/users.js'));
  const database = await openDatabase({ dataDir });
  await seedSampleJobs(database.db);
  const user = await registerUser(database.db, candidate);
  await database.query(`UPDATE users SET name = 'Web Bench', profile_completed = true WHERE id = $1`, [user.id]);
  await database.close();
}

function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const js = requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    js_kb: Math.round(js / 102.4) / 10,
    // The metrics behind the performance score (simulated mobile: slow 4G, 4x slower CPU).
    metrics_ms: Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'].map((id) => [
        id,
        Math.round(lhr.audits[id]?.numericValue ?? 0),
      ]),
    ),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    final_url: lhr.finalDisplayedUrl,
    failing,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-web-'));
let server;
let chrome;
try {
  await prepare(dataDir);
  server = spawn(process.execPath, [dist('server.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (i > 1200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(candidate),
  });
  const { token } = await login.json();

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const routes = [
    { name: '/login', url: `${base}/login`, signedIn: false },
    { name: 'marketplace (signed in)', url: `${base}/`, signedIn: true },
  ];
  const results = {};
  for (const route of routes) {
    const samples = [];
    for (let r = 0, failed = 0; r < runs; r++) {
      // The app keeps its session token in localStorage; set it (or clear it) before the audit,
      // which then keeps storage as it is.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${base}/login`);
      await page.evaluate(
        (t) => (t ? localStorage.setItem('token', t) : localStorage.clear()),
        route.signedIn ? token : '',
      );
      // An empty HTTP cache, as on a first visit, so the bytes counted are what goes over the wire.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.disconnect();
      const { lhr } = await lighthouse(route.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: true,
      });
      // Lighthouse itself sometimes fails to record the trace (NO_NAVSTART: "please run Lighthouse
      // again"); its scores are then null, not a measurement of the page. Such a run is said and
      // done again, a few times at most.
      if (lhr.runtimeError) {
        console.log(`${route.name} run ${r + 1}: Lighthouse failed (${lhr.runtimeError.code}), running it again`);
        if (++failed > 3) throw new Error(`Lighthouse keeps failing: ${lhr.runtimeError.message}`);
        r--;
        continue;
      }
      samples.push(summary(lhr));
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        const file = `${route.signedIn ? 'marketplace' : 'login'}-${r + 1}.json`;
        fs.writeFileSync(path.join(saveDir, file), JSON.stringify(lhr));
      }
      console.log(`${route.name} run ${r + 1}:`, JSON.stringify(samples.at(-1)));
    }
    results[route.name] = {
      performance: median(samples.map((s) => s.performance)),
      accessibility: median(samples.map((s) => s.accessibility)),
      best_practices: median(samples.map((s) => s.best_practices)),
      js_kb_over_wire: median(samples.map((s) => s.js_kb)),
      failing_audits: [...new Set(samples.flatMap((s) => s.failing))],
    };
  }
  console.log(JSON.stringify({ runs, results, loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100) }, null, 2));
} finally {
  await chrome?.kill();
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
