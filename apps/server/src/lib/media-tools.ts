/**
 * Running ffmpeg and ffprobe (Debian's ffmpeg package) for background work: at low CPU priority, so
 * live interviews keep the processor, and with a deadline, after which the process is killed.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/** The program is not installed (or not at the configured path). */
export class ToolMissingError extends Error {}
/** The program ran and failed, or ran out of time; `message` says which, with its last words. */
export class ToolFailedError extends Error {}

export function runTool(bin: string, args: string[], opts: { deadline: number; cwd?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const timeLeft = opts.deadline - Date.now();
    if (timeLeft <= 0) return reject(new ToolFailedError(`${bin} was not started: out of time`));
    const child = spawn(bin, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
    } catch {
      // Already gone: its exit is reported below.
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLeft);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? new ToolMissingError(`${bin} is not installed`) : err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new ToolFailedError(`${bin} ran out of time and was stopped`));
      else if (code !== 0) reject(new ToolFailedError(`${bin} exited with ${code}: ${stderr.trim()}`));
      else resolve(stdout);
    });
  });
}
