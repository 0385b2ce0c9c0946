import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DOCX, PDF } from '../../storage/sniff';

/**
 * Resume text extraction runs in a short-lived child process (extract-worker.mjs) so that a hostile
 * document (a zip bomb, a PDF whose content stream takes minutes) can neither block the server's
 * event loop nor exhaust its heap: the child gets a small heap and is killed after a wall-clock
 * timeout. Decision 0080.
 */
export type ExtractLimits = {
  /** Wall-clock limit for one document, spawn included. */
  timeoutMs: number;
  /** The child's V8 heap cap (--max-old-space-size). */
  heapMb: number;
  /** Text beyond this many characters is dropped (a resume is a few thousand). */
  maxChars: number;
  maxPages: number;
  /** Zip checks before inflating (DOCX). */
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  maxEntries: number;
};

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 10_000,
  heapMb: 192,
  maxChars: 100_000,
  maxPages: 20,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 40 * 1024 * 1024,
  maxRatio: 100,
  maxEntries: 2000,
};

/** The text, null for a format we do not read (binary DOC), or why the document could not be read. */
export type ExtractResult = { text: string | null } | { unreadable: string };

/** At most this many documents are parsed at once; the rest wait (their wait counts against the timeout). */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

const workerScript = fileURLToPath(new URL('./extract-worker.mjs', import.meta.url));

function runWorker(bytes: Buffer, contentType: string, limits: ExtractLimits, deadline: number) {
  return new Promise<ExtractResult>((resolve) => {
    const child = fork(workerScript, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      // No loader flags are needed (plain JavaScript); only the heap cap.
      execArgv: [`--max-old-space-size=${limits.heapMb}`],
    });
    let settled = false;
    const finish = (result: ExtractResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ unreadable: 'timeout' }), Math.max(1, deadline - Date.now()));
    child.on('message', (msg: { text?: string | null; error?: string; reason?: string }) => {
      if (msg.reason) finish({ unreadable: msg.reason });
      else finish({ text: typeof msg.text === 'string' ? msg.text.slice(0, limits.maxChars) : null });
    });
    child.on('error', () => finish({ unreadable: 'worker failed' }));
    // Killed by the heap cap (or anything else) before answering.
    child.on('exit', (code, signal) => finish({ unreadable: signal ? `worker ${signal}` : `worker exit ${code}` }));
    const { maxChars, maxPages, maxEntryBytes, maxTotalBytes, maxRatio, maxEntries } = limits;
    child.send({
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      contentType,
      limits: { maxChars, maxPages, maxEntryBytes, maxTotalBytes, maxRatio, maxEntries },
    });
  });
}

/** Plain text of a PDF or DOCX resume, extracted out of process under hard limits. Never throws. */
export async function extractResumeText(
  bytes: Buffer,
  contentType: string,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
): Promise<ExtractResult> {
  if (contentType !== PDF && contentType !== DOCX) return { text: null };
  const deadline = Date.now() + limits.timeoutMs;
  const release = await slot();
  try {
    if (Date.now() >= deadline) return { unreadable: 'timeout' };
    return await runWorker(bytes, contentType, limits, deadline);
  } finally {
    release();
  }
}
