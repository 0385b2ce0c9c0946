// Runs the Flite speech synthesizer (compiled to WASI) off the main thread: one synthesis blocks
// its thread for tens of milliseconds, which must not stall every other session's socket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

// node:wasi prints an ExperimentalWarning once per thread; it is expected here.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => {
  if (String(warning).includes('WASI')) return;
  emitWarning(warning, ...rest);
};
const { WASI } = await import('node:wasi');

const wasm = await WebAssembly.compile(fs.readFileSync(workerData.wasmPath));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flite-'));
let counter = 0;

parentPort.on('message', async (msg) => {
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
    const copy = wav.buffer.slice(wav.byteOffset, wav.byteOffset + wav.byteLength);
    parentPort.postMessage({ id, wav: copy }, [copy]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
});
parentPort.postMessage({ ready: true });
