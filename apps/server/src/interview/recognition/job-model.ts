import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTROL_PHRASES } from '../intents';
import { Spellings } from './spelling';

/** What the job model is built from: the job's text and the words the candidate lists. */
export type JobText = {
  title: string;
  description: string;
  skills: { name: string; description?: string }[];
  customQuestions: string[];
  candidateTools?: string[];
};

/** A built job model: the mixed language model, the dictionary with the job's words, the respellings. */
export type JobModelFiles = { lm: string; dict: string; respellings: Spellings };

export const GENERAL_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** How much of the mixed model's probability comes from the job's own text (decision 0117). */
export const JOB_WEIGHT = 0.5;
/** The careful pass's mix for speech it heard clearly (decisions 0216 and 0217). */
export const CLEAR_SPEECH_JOB_WEIGHT = 0.3;

/**
 * Sentences a candidate says in any interview; they give the job model ordinary answer phrasing
 * around the job's words. They do little on their own (decision 0117) and are not the measured set.
 */
export const INTERVIEW_SENTENCES = [
  'I have been doing this for about five years',
  'I worked on a project where I had to learn it quickly',
  'In my last job I was responsible for the whole process',
  'I usually start by understanding what the client needs',
  'My favorite part of the work is solving problems',
  'I am comfortable working remotely and on my own schedule',
  'I can work about twenty hours a week',
  'I use it every day in my work',
  'I have a portfolio with examples of my work',
  'The hardest part was meeting the deadline',
  'I would ask questions first and then make a plan',
  'I learned it on the job and through online courses',
  'I am available to start next week',
  'Thank you for having me',
  'Yes I have experience with that',
  'No I have not used that yet but I learn fast',
  'I check my work carefully before I send it',
  'I worked with a small team of designers and developers',
  'I like to get feedback early and often',
  'My strongest skill is attention to detail',
];

/** Everything the model is built from, in a stable order (the cache key hashes it). */
export function jobTextParts(job: JobText): { texts: string[]; names: string[] } {
  const names = [...job.skills.map((s) => s.name), ...(job.candidateTools ?? []), job.title].filter((n) => n.trim());
  const texts = [
    job.title,
    job.description,
    ...job.skills.flatMap((s) => [s.name, s.description ?? '']),
    ...job.customQuestions,
    ...(job.candidateTools ?? []),
    ...CONTROL_PHRASES,
    ...INTERVIEW_SENTENCES,
  ].filter((t) => t.trim());
  return { texts, names };
}

export function jobModelKey(job: JobText, weight = JOB_WEIGHT): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ v: 1, weight, ...jobTextParts(job) }));
  return hash.digest('hex').slice(0, 24);
}

const workerScript = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? './build-worker.ts' : './build-worker.js', import.meta.url),
);

/**
 * Job models on disk under `dir`, keyed by a hash of the job's text. `get` answers at once with a
 * built model or null; a missing one is built in the background (one at a time, in a child process
 * at low CPU priority: it takes seconds of CPU and a few hundred MB) and the interview uses the
 * general model meanwhile.
 */
export class JobModels {
  private building = new Map<string, Promise<JobModelFiles | null>>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Part of every model's key and sent to the builder: one default for both. */
  private readonly jobWeight: number;

  constructor(
    private readonly dir: string,
    private readonly opts: {
      generalDir?: string;
      log?: (msg: string, err?: unknown) => void;
      /** The job text's share of the mix (JOB_WEIGHT unless given). */
      jobWeight?: number;
    } = {},
  ) {
    this.jobWeight = opts.jobWeight ?? JOB_WEIGHT;
  }

  /** The built model for this job, or null (and a build starts) when there is none yet. */
  get(job: JobText): JobModelFiles | null {
    const key = this.keyOf(job);
    const ready = this.load(key);
    if (!ready) void this.ensure(job);
    return ready;
  }

  /** The model for this job, built now if needed; null when it cannot be built. */
  ensure(job: JobText): Promise<JobModelFiles | null> {
    const key = this.keyOf(job);
    const ready = this.load(key);
    if (ready) return Promise.resolve(ready);
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.queue
        .then(() => this.build(key, job))
        .catch((err: unknown) => {
          this.opts.log?.('building a job recognition model failed', err);
          return null;
        })
        .finally(() => this.building.delete(key));
      this.queue = pending;
      this.building.set(key, pending);
    }
    return pending;
  }

  /**
   * Deletes the built model for this text, unless it is being built. The careful pass's models hold
   * the candidate's own words (employers, places, résumé lines): they go once the pass is done.
   */
  remove(job: JobText): void {
    const key = this.keyOf(job);
    if (this.building.has(key)) return;
    fs.rmSync(path.join(this.dir, key), { recursive: true, force: true });
  }

  private keyOf(job: JobText): string {
    return jobModelKey(job, this.jobWeight);
  }

  private load(key: string): JobModelFiles | null {
    const folder = path.join(this.dir, key);
    const respell = path.join(folder, 'respellings.json');
    if (!fs.existsSync(respell)) return null;
    const pairs = JSON.parse(fs.readFileSync(respell, 'utf8')) as [string, string][];
    return {
      lm: path.join(folder, 'job.lm.bin'),
      dict: path.join(folder, 'job.dict'),
      respellings: new Spellings(new Map(pairs)),
    };
  }

  private build(key: string, job: JobText): Promise<JobModelFiles | null> {
    const folder = path.join(this.dir, key);
    return new Promise((resolve, reject) => {
      const child = fork(workerScript, [], {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        execArgv: workerScript.endsWith('.ts') ? ['--import', 'tsx'] : [],
      });
      // A build is never awaited by a candidate (they are heard with the general model meanwhile):
      // it gets the CPU that live interviews leave over.
      try {
        if (child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
      } catch {
        // Already gone: its exit is reported below.
      }
      let stderr = '';
      child.stderr?.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
      child.on('message', (msg: { done?: boolean; error?: string }) => {
        if (msg.error) reject(new Error(msg.error));
        else resolve(this.load(key));
      });
      child.on('exit', (code) => reject(new Error(`model builder exited (${code}) ${stderr.trim()}`)));
      child.send({
        folder,
        generalDir: this.opts.generalDir ?? GENERAL_MODEL_DIR,
        jobWeight: this.jobWeight,
        ...jobTextParts(job),
      });
    });
  }
}
