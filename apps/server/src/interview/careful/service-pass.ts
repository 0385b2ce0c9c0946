/**
 * The careful pass on an OpenAI-compatible transcription service (decision 0172, "The service as the
 * careful engine"): each kept answer, whole and in order, sent to `{base}/audio/transcriptions` as
 * `verbose_json` with word timestamps, the job's and candidate's words as the prompt. The reply's
 * words become careful words; the record is then written exactly as for the offline engine.
 */
import { requestTranscription, type OpenAiSttOptions } from '../providers/stt/openai';
import { ProviderError } from '../providers/types';
import type { JobText } from '../recognition/job-model';
import type { CarefulWord } from './careful-pass';

/** Whisper reads at most 224 tokens of prompt; about 800 characters of names stay under it. */
export const PROMPT_MAX_CHARS = 800;

/** One answer may take long on a busy service; the careful pass's own time limit bounds them all. */
const ANSWER_TIMEOUT_MS = 5 * 60_000;

/** Words per answer, in the order given (one request at a time, so the order is the answers'). */
export async function transcribeWithService(
  answers: Int16Array[],
  service: OpenAiSttOptions,
  opts: { prompt: string; signal: AbortSignal },
): Promise<CarefulWord[][]> {
  const out: CarefulWord[][] = [];
  for (const pcm of answers) {
    const reply = await requestTranscription(
      { ...service, timeoutMs: ANSWER_TIMEOUT_MS },
      pcm,
      [
        ['response_format', 'verbose_json'],
        ['timestamp_granularities[]', 'word'],
        // Segments carry avg_logprob, the confidence used when words come without one.
        ['timestamp_granularities[]', 'segment'],
        ...(opts.prompt ? [['prompt', opts.prompt] as [string, string]] : []),
      ],
      opts.signal,
    );
    out.push(serviceWords(reply));
  }
  return out;
}

type Segment = { start: number; end: number; avg_logprob?: unknown };

/**
 * The reply's words as careful words. Confidence: the word's own probability when the service gives
 * one (`probability`, as faster-whisper servers do, or `confidence`); else exp(avg_logprob) of the
 * segment the word starts in (OpenAI's whisper-1 gives only that); else 1 (nothing says it is unsure).
 */
export function serviceWords(reply: Record<string, unknown>): CarefulWord[] {
  if (!Array.isArray(reply.words)) throw new ProviderError('openai-stt', 'reply has no words (verbose_json)');
  const segments = (Array.isArray(reply.segments) ? reply.segments : []).filter(
    (s): s is Segment => isNumber(s?.start) && isNumber(s?.end),
  );
  const words: CarefulWord[] = [];
  for (const w of reply.words as Record<string, unknown>[]) {
    const text = typeof w?.word === 'string' ? bare(w.word) : '';
    const { start, end } = w ?? {};
    if (!text || !isNumber(start) || !isNumber(end)) continue;
    const segment = segments.findLast((s) => s.start <= start + 0.01) ?? segments[0];
    const own = isNumber(w.probability) ? w.probability : isNumber(w.confidence) ? w.confidence : undefined;
    const confidence = own ?? (segment && isNumber(segment.avg_logprob) ? Math.exp(segment.avg_logprob) : 1);
    words.push({
      text,
      confidence: Math.min(1, Math.max(0, confidence)),
      start_seconds: round(start),
      end_seconds: round(Math.max(start, end)),
    });
  }
  return words;
}

/**
 * The job's and the candidate's names and terms as a transcription prompt, whole items only, at
 * most PROMPT_MAX_CHARS: the service then writes them the way the job and the candidate do.
 */
export function vocabularyPrompt(job: JobText | null): string {
  if (!job) return '';
  const items = [job.title, ...job.skills.map((s) => s.name), ...(job.candidateTools ?? [])];
  const seen = new Set<string>();
  let prompt = '';
  for (const raw of items) {
    const item = raw.replace(/\s+/g, ' ').trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    const next = prompt ? `${prompt}, ${item}` : item;
    if (next.length + 1 > PROMPT_MAX_CHARS) continue;
    seen.add(item.toLowerCase());
    prompt = next;
  }
  return prompt && `${prompt}.`;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const round = (s: number) => Math.round(s * 100) / 100;
/** A word without the sentence's punctuation around it ("Photoshop," → "Photoshop"; "C++" stays). */
const bare = (word: string) =>
  word
    .trim()
    .replace(/^["'“‘¿¡([{]+/, '')
    .replace(/["'”’.,!?;:…)\]}]+$/, '');
