/**
 * The candidate's answer audio kept for the careful pass (decision 0172): 16 kHz mono WAV files the
 * candidate owns (purpose interview_answer_audio), one `answer_audio` row per answer. Private like
 * the recording: no route serves them; they go with the account (owned files), a retake and the
 * retention job.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { answerAudio, files } from '../../db/schema';
import type { Executor } from '../../db/types';
import { decodeWav, encodeWav, STT_RATE } from '../audio';
import { MAX_ANSWER_MS, type KeptAnswer } from '../answer-audio';
import { saveFile, type Storage } from '../../storage';

export const ANSWER_AUDIO_PURPOSE = 'interview_answer_audio';
/** The longest answer kept (MAX_ANSWER_MS) as 16 kHz 16-bit audio, and its header. */
const ANSWER_MAX_BYTES = (MAX_ANSWER_MS / 1000) * STT_RATE * 2 + 1024;

/** Stores one answer after the ones already kept for the interview. */
export async function storeAnswerAudio(
  db: Db,
  storage: Storage,
  interview: { id: string; candidateId: string },
  answer: KeptAnswer,
): Promise<void> {
  const file = await saveFile(db, storage, {
    ownerId: interview.candidateId,
    purpose: ANSWER_AUDIO_PURPOSE,
    contentType: 'audio/wav',
    body: [encodeWav(answer.pcm, STT_RATE)],
    maxBytes: ANSWER_MAX_BYTES,
  });
  await db.insert(answerAudio).values({
    interviewId: interview.id,
    seq: sql`(SELECT coalesce(max(${answerAudio.seq}) + 1, 0) FROM ${answerAudio} WHERE ${answerAudio.interviewId} = ${interview.id})`,
    fileId: file.id,
    durationMs: Math.round((answer.pcm.length / STT_RATE) * 1000),
    turns: answer.turns,
  });
}

export type StoredAnswer = KeptAnswer & { seq: number };

/** The interview's kept answers in the order they were given, with their audio. */
export async function loadAnswerAudio(db: Db, storage: Storage, interviewId: string): Promise<StoredAnswer[]> {
  const rows = await db
    .select({ seq: answerAudio.seq, turns: answerAudio.turns, storageKey: files.storageKey })
    .from(answerAudio)
    .innerJoin(files, eq(files.id, answerAudio.fileId))
    .where(eq(answerAudio.interviewId, interviewId))
    .orderBy(asc(answerAudio.seq));
  const out: StoredAnswer[] = [];
  for (const row of rows) {
    const bytes = Buffer.concat(await (await storage.get(row.storageKey)).toArray());
    out.push({ seq: row.seq, turns: row.turns, pcm: decodeWav(bytes).samples });
  }
  return out;
}

/** The storage keys of an interview's kept answers, their rows deleted (inside the caller's transaction). */
export async function deleteAnswerAudioRows(tx: Executor, interviewId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(answerAudio)
    .innerJoin(files, eq(files.id, answerAudio.fileId))
    .where(eq(answerAudio.interviewId, interviewId));
  for (const row of rows) await tx.delete(files).where(eq(files.id, row.id)); // the answer_audio row cascades
  return rows.map((r) => r.storageKey);
}
