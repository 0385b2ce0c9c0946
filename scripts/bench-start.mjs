#!/usr/bin/env node
// Start time of `npm start` on an already built tree: a cold start on an empty data folder, then a
// restart on the data it left, several runs each; prints every run and the medians: milliseconds from spawning
// the command to the first healthy GET /api/health, and the CPU time its processes used until then (a
// figure that depends less on what else the machine is doing).
//   node scripts/bench-start.mjs [--runs 5] [--port 3431] [--dir <another checkout to compare>]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const runs = Number(arg('runs', 5));
const port = Number(arg('port', 3431));
const dir = path.resolve(arg('dir', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
/** CPU time (user + system, ms) used so far by the live processes of a process group (Linux /proc). */
function groupCpuMs(pgid) {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeStart(dataDir) {
  const started = performance.now();
  // Its own process group, so stopping it stops npm, the shell script and the server together.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return { wall: Math.round(performance.now() - started), cpu: groupCpuMs(child.pid) };
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    // Wait for the whole group (the server closes its database last) before the next run.
    for (let i = 0; i < 600; i++) {
      try {
        process.kill(-child.pid, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const cold = [];
const restart = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-start-'));
  try {
    cold.push(await timeStart(dataDir));
    restart.push(await timeStart(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const [c, r] = [cold.at(-1), restart.at(-1)];
  console.log(`run ${i + 1}: cold ${c.wall} ms (${c.cpu} ms CPU), restart ${r.wall} ms (${r.cpu} ms CPU)`);
}
console.log(
  JSON.stringify(
    {
      tree: dir,
      runs,
      cold_ms_median: median(cold.map((x) => x.wall)),
      restart_ms_median: median(restart.map((x) => x.wall)),
      cold_cpu_ms_median: median(cold.map((x) => x.cpu)),
      restart_cpu_ms_median: median(restart.map((x) => x.cpu)),
      loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
    null,
    2,
  ),
);
