/**
 * The careful pass as a step of the review pipeline (decision 0172): after an interview completes,
 * its kept answers are transcribed again with a model of the job's and the candidate's own words,
 * and the careful text becomes the record (the live text kept beside it when different). An
 * interview without kept audio stays `live`; a failure or an overrun leaves the live text.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interviews, jobs, profiles, transcriptTurns } from '../../db/schema';
import { adaptableModel } from '../careful/acoustic-model';
import { transcribeCarefully, type CarefulModel, type CarefulWord } from '../careful/careful-pass';
import { transcribeWithService, vocabularyPrompt } from '../careful/service-pass';
import type { OpenAiSttOptions } from '../providers/stt/openai';
import { GENERAL_MODEL_DIR, type JobModels, type JobText } from '../recognition/job-model';
import { NO_SPELLINGS, spellingsFor } from '../recognition/spelling';
import { loadAnswerAudio, type StoredAnswer } from './answer-audio';
import type { Storage } from '../../storage';

export type CarefulDeps = {
  db: Db;
  storage: Storage;
  /** Job models (built here when missing); null: the general model. */
  models: JobModels | null;
  /** The same at CLEAR_SPEECH_JOB_WEIGHT, for the record of clearly heard speech (decision 0216). */
  clearSpeechModels?: JobModels | null;
  /** Where the bw-readable acoustic model is kept. */
  adaptDir: string;
  timeoutMs: number;
  /** The OpenAI-compatible transcription service, when configured: the careful engine instead of the offline one. */
  service?: OpenAiSttOptions | null;
  onNote?: (note: string) => void;
};

export type CarefulOutcome = { pass: 'live' | 'careful'; reason?: string };

/** Most items of the candidate's own vocabulary given to the model. */
const MAX_CANDIDATE_TERMS = 300;

/** Transcribes the interview's kept answers again and writes the careful record. */
export async function carefulTranscript(deps: CarefulDeps, interviewId: string): Promise<CarefulOutcome> {
  const [done] = await deps.db
    .select({ pass: interviews.transcriptPass })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  // A retried job finds the record written already: the live text kept beside it must stay.
  if (done?.pass === 'careful') return { pass: 'careful', reason: 'already careful' };
  const answers = await loadAnswerAudio(deps.db, deps.storage, interviewId);
  if (!answers.length) return { pass: 'live', reason: 'no kept answer audio' };
  const signal = AbortSignal.timeout(deps.timeoutMs);
  const pcm = answers.map((a) => a.pcm);
  const heard = await abortable(
    (async () => {
      const job = await recognitionTextFor(deps.db, interviewId);
      if (deps.service) return transcribeWithService(pcm, deps.service, { prompt: vocabularyPrompt(job), signal });
      return offlinePass(deps, job, pcm, signal);
    })(),
    signal,
  );
  // The same record from either engine (decision 0172).
  await writeCarefulRecord(deps.db, interviewId, answers, heard);
  return { pass: 'careful' };
}

/** The offline engine: the job + candidate model, pocketsphinx and MLLR in a folder of its own. */
async function offlinePass(deps: CarefulDeps, job: JobText | null, pcm: Int16Array[], signal: AbortSignal) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `careful-${crypto.randomBytes(4).toString('hex')}-`));
  try {
    const built = (job && (await deps.models?.ensure(job))) || GENERAL_MODEL;
    // The record is written the way the job and the candidate write their words (decision 0174).
    const model = { ...built, respellings: job ? spellingsFor(job) : NO_SPELLINGS };
    const adaptDir = await adaptableModel(deps.adaptDir);
    const clearSpeechModels = built !== GENERAL_MODEL && job ? deps.clearSpeechModels : null;
    return await transcribeCarefully(pcm, model, {
      workDir,
      adaptDir,
      signal,
      onNote: deps.onNote,
      clearSpeechModel: clearSpeechModels ? () => clearSpeechModels.ensure(job!) : undefined,
    });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const GENERAL_MODEL: CarefulModel = {
  lm: path.join(GENERAL_MODEL_DIR, 'en-us.lm.bin'),
  dict: path.join(GENERAL_MODEL_DIR, 'cmudict-en-us.dict'),
  respellings: NO_SPELLINGS,
};

/** Rejects when the signal fires, even while a step that cannot be stopped (a model build) runs on. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error(`the careful pass overran its time limit`));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The job's text with the candidate's own words (profile lists, work history, résumé lines). */
export async function recognitionTextFor(db: Db, interviewId: string): Promise<JobText | null> {
  const [row] = await db
    .select({
      title: jobs.title,
      description: jobs.description,
      skills: jobs.skills,
      customQuestions: jobs.customQuestions,
      expertise: profiles.expertise,
      tools: profiles.skills,
      position: profiles.position,
      city: profiles.city,
      country: profiles.country,
      lists: sql<
        unknown[]
      >`jsonb_build_array(${profiles.workExperience}, ${profiles.projects}, ${profiles.education}, ${profiles.certifications})`,
      resume: sql<
        string | null
      >`(SELECT rt.text FROM resume_texts rt WHERE rt.file_id = talent_resume_file(${profiles.resumeUrl}))`,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(profiles, eq(profiles.userId, interviews.candidateId))
    .where(eq(interviews.id, interviewId))
    .limit(1);
  if (!row) return null;
  const entries = (row.lists ?? []).flat(2) as unknown[];
  const fromEntries = entries.flatMap((e) => (e && typeof e === 'object' ? Object.values(e as object) : []));
  const terms = [
    ...(row.expertise ?? []),
    ...(row.tools ?? []),
    row.position ?? '',
    // Places the profile alone may name (issue 43 item 22): before the résumé lines, which the cap cuts first.
    row.city ?? '',
    row.country ?? '',
    ...fromEntries.filter((v): v is string => typeof v === 'string'),
    ...(row.resume ?? '').split(/[\n\r•·|;,]+/),
  ]
    .map((t) => t.replace(/\s+/g, ' ').trim())
    // Names and short phrases, not sentences: each is also a spelling written back into the record.
    .filter((t) => t && t.split(' ').length <= 6 && t.length <= 60);
  return {
    title: row.title,
    description: row.description,
    skills: row.skills,
    customQuestions: row.customQuestions,
    candidateTools: [...new Set(terms)].slice(0, MAX_CANDIDATE_TERMS),
  };
}

/** Each answer's words go to the live turn they fall in; the turns get the careful text. */
export async function writeCarefulRecord(db: Db, interviewId: string, answers: StoredAnswer[], heard: CarefulWord[][]) {
  await db.transaction(async (tx) => {
    for (const [i, answer] of answers.entries()) {
      for (const { seq, words } of wordsByTurn(answer.turns, heard[i] ?? [])) {
        const [turn] = await tx
          .select({ text: transcriptTurns.text })
          .from(transcriptTurns)
          .where(
            and(
              eq(transcriptTurns.interviewId, interviewId),
              eq(transcriptTurns.seq, seq),
              eq(transcriptTurns.speaker, 'user'),
            ),
          );
        const text = words.map((w) => w.text).join(' ');
        if (!turn) continue;
        if (!text) {
          // Nothing heard again where the live pass heard something: the live text stands, but none of
          // it was heard surely (`words: []`), which the assessment counts (decision 0173).
          await tx
            .update(transcriptTurns)
            .set({ words: [] })
            .where(and(eq(transcriptTurns.interviewId, interviewId), eq(transcriptTurns.seq, seq)));
          continue;
        }
        await tx
          .update(transcriptTurns)
          .set({ text, liveText: text === turn.text ? null : turn.text, words })
          .where(and(eq(transcriptTurns.interviewId, interviewId), eq(transcriptTurns.seq, seq)));
      }
    }
    await tx
      .update(interviews)
      .set({ transcriptPass: 'careful', updatedAt: new Date() })
      .where(eq(interviews.id, interviewId));
  });
}

/** A word belongs to the last turn begun by its start (words before the first turn to the first). */
export function wordsByTurn(turns: StoredAnswer['turns'], words: CarefulWord[]) {
  const out = turns.map((t) => ({ seq: t.seq, start: t.start_seconds, words: [] as CarefulWord[] }));
  for (const word of words) {
    const owner = out.findLast((t) => t.start <= word.start_seconds + 0.25) ?? out[0];
    owner?.words.push(word);
  }
  return out;
}
