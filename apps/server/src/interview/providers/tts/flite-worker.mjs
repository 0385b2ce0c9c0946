// Runs the Flite speech synthesizer (compiled to WASI) in a child process: one synthesis blocks for
// tens of milliseconds, which must not stall every session's socket, and node:wasi is experimental
// on Node 20, so a crash in it must not take the server down (the pool starts a new process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// node:wasi prints an ExperimentalWarning once per thread; it is expected here.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => {
  if (String(warning).includes('WASI')) return;
  emitWarning(warning, ...rest);
};
const { WASI } = await import('node:wasi');

const wasm = await WebAssembly.compile(fs.readFileSync(process.argv[2]));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flite-'));
let counter = 0;
const reply = (msg) => {
  if (process.connected) process.send(msg);
};

process.on('message', async (msg) => {
  if (msg.type === 'close') {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
  const { id, text, voice, stretch } = msg;
  const out = `out-${++counter}.wav`;
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', voice, '--setf', `duration_stretch=${stretch}`, '-t', ` ${text} `, '-o', out],
      env: {},
      preopens: { '.': dir },
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(wasm, { wasi_snapshot_preview1: wasi.wasiImport });
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    const file = path.join(dir, out);
    const wav = fs.readFileSync(file);
    fs.rmSync(file, { force: true });
    reply({ id, wav });
    // Free this synthesis' instance and its memory now, after the audio has left (see flite.ts).
    globalThis.gc?.();
  } catch (err) {
    reply({ id, error: String(err && err.message ? err.message : err) });
  }
});
// The server went away: nothing left to do.
process.on('disconnect', () => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
reply({ ready: true });
