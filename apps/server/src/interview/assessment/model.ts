import { z } from 'zod';
import {
  RUBRIC_CRITERIA,
  RUBRIC_SCALE,
  RUBRIC_VERSION,
  recommendationSchema,
  rubricCriterionKeySchema,
  type Assessment,
  type AssessmentSignals,
} from '@app/shared';
import type { AssessmentInput } from './built-in';
import { isQuoteOf } from './text';
import { withWorkSample, type WorkSamplePart } from './work-sample';

export type ModelSettings = { baseUrl: string; apiKey?: string; model: string; timeoutMs?: number };

/** The JSON the model must answer with. */
const modelReplySchema = z.object({
  criteria: z
    .array(
      z.object({
        key: rubricCriterionKeySchema,
        score: z.number().int().min(1).max(5),
        rationale: z.string().trim().min(1).max(2000),
        quotes: z.array(z.string().trim().min(1).max(1000)).min(1, 'every score needs at least one quote').max(5),
      }),
    )
    .length(RUBRIC_CRITERIA.length),
  recommendation: recommendationSchema,
  summary: z.string().trim().min(1).max(3000),
  /** The reasoning part of the work sample (issue 46), when asked for; the accuracy part is the server's. */
  work_sample: z
    .object({
      reasoning_score: z.number().int().min(1).max(5),
      rationale: z.string().trim().min(1).max(2000),
      quotes: z.array(z.string().trim().min(1).max(1000)).min(1).max(3),
    })
    .optional(),
});
type ModelReply = z.infer<typeof modelReplySchema>;

export class ModelReplyRejected extends Error {}

/** What the model is told about a work sample's reasoning (only when the interview had one heard). */
const WORK_SAMPLE_RULES = `
Work sample: the candidate also rated real items of the job while thinking aloud. Its accuracy is measured by the server from the ratings and is not yours to score or change.
- Judge only the reasoning heard while rating: does the candidate name what each item's instructions and the job's skills care about, and say why?
- Add "work_sample":{"reasoning_score":1-5,"rationale":"...","quotes":["..."]} with 1 to 3 quotes copied EXACTLY from the CANDIDATE WHILE RATING lines.
- Never state or guess an item's reference rating, nor whether the candidate rated above or below it.`;

export function systemPrompt(withWorkSample = false) {
  const criteria = RUBRIC_CRITERIA.map((c) => `- ${c.key} (${c.label}): ${c.description}`).join('\n');
  const scale = Object.entries(RUBRIC_SCALE)
    .map(([n, t]) => `${n} = ${t}`)
    .join(', ');
  return `You assess job interviews for remote creative rating and annotation work, using rubric ${RUBRIC_VERSION}.
Score each criterion from 1 to 5 (${scale}):
${criteria}
Rules:
- Judge only what the CANDIDATE said. Ignore the interviewer's words.
- For every criterion give 1 to 3 quotes copied EXACTLY, word for word, from the candidate's lines. Never paraphrase, never join separate lines, never invent text. A quote that is not in the candidate's lines makes the whole answer invalid.
- recommendation is one of: advance, consider, do_not_advance.
Answer with one JSON object only:
{"criteria":[{"key":"communication","score":1-5,"rationale":"...","quotes":["..."]}, ... one entry per criterion: ${RUBRIC_CRITERIA.map((c) => c.key).join(', ')}],"recommendation":"...","summary":"two or three sentences"}${withWorkSample ? WORK_SAMPLE_RULES : ''}`;
}

/** The sample as the model sees it: the server's figures and each item's instructions and think-aloud; never a gold. */
function workSamplePrompt(part: WorkSamplePart): string {
  const f = part.figures;
  const items = part.items
    .map(
      (i, n) =>
        `Item ${n + 1} (${i.task_name}). Instructions: ${i.instructions || '(none)'}\nCANDIDATE WHILE RATING: ${i.think_aloud || '(said nothing)'}`,
    )
    .join('\n');
  return `\n\nWork sample (accuracy measured by the server: ${f.within_one} of ${f.rated} rated items within one point of the reference rating, mean distance ${f.mean_abs_distance}):\n${items}`;
}

function userPrompt(input: AssessmentInput) {
  const job = input.job
    ? [
        `Job: ${input.job.title}`,
        input.job.skills.length ? `Required skills: ${input.job.skills.map((s) => s.name).join('; ')}` : '',
        input.job.customQuestions.length
          ? `Job questions:\n${input.job.customQuestions.map((q, i) => `${i + 1}. ${q}`).join('\n')}`
          : '',
      ]
        .filter(Boolean)
        .join('\n')
    : 'Job: general interview';
  const lines = input.turns.map((t) => `${t.speaker === 'user' ? 'CANDIDATE' : 'INTERVIEWER'}: ${t.text}`).join('\n');
  return `${job}\n\nTranscript:\n${lines}`;
}

/**
 * Parses and checks a reply: valid JSON, the schema, each criterion once, every quote really said (the
 * work sample's among what was said while rating).
 */
export function checkModelReply(content: string, candidateTexts: string[], thinkAloudTexts: string[] = []): ModelReply {
  let json: unknown;
  try {
    // Some servers wrap JSON in a code fence even when asked not to.
    json = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    throw new ModelReplyRejected('the reply is not valid JSON');
  }
  const parsed = modelReplySchema.safeParse(json);
  if (!parsed.success) {
    throw new ModelReplyRejected(
      `the reply does not match the schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const keys = new Set(parsed.data.criteria.map((c) => c.key));
  if (keys.size !== RUBRIC_CRITERIA.length) throw new ModelReplyRejected('each criterion must be scored exactly once');
  const invented = [
    ...parsed.data.criteria.flatMap((c) => c.quotes.filter((q) => !isQuoteOf(q, candidateTexts))),
    ...(parsed.data.work_sample?.quotes.filter((q) => !isQuoteOf(q, thinkAloudTexts)) ?? []),
  ];
  if (invented.length) {
    throw new ModelReplyRejected(
      `these quotes are not in the candidate's words: ${invented.map((q) => JSON.stringify(q)).join(', ')}`,
    );
  }
  return parsed.data;
}

async function chat(settings: ModelSettings, messages: { role: string; content: string }[]): Promise<string> {
  const res = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      messages,
      temperature: 0,
      response_format: { type: 'json_object' },
    }),
    signal: AbortSignal.timeout(settings.timeoutMs ?? 90_000),
  });
  if (!res.ok) throw new Error(`assessment model answered HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: string | null } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (!content) throw new ModelReplyRejected('the reply has no message content');
  return content;
}

/**
 * Asks the model up to `attempts` times. A rejected reply (bad JSON, schema, invented quote) is sent
 * back with the reason so the next attempt can correct it. Throws the last error when all fail.
 */
export async function modelAssessment(
  settings: ModelSettings,
  input: AssessmentInput,
  signals: AssessmentSignals,
  attempts = 3,
  /** The interview's work sample, when it had one with a rating (issue 46). */
  sample: WorkSamplePart | null = null,
): Promise<Assessment> {
  const candidateTexts = input.turns.filter((t) => t.speaker === 'user').map((t) => t.text);
  // The model judges the reasoning only where some was heard surely; otherwise the accuracy stands alone.
  const askReasoning = Boolean(sample && !sample.audioNote && sample.thinkAloudTexts.length);
  const messages = [
    { role: 'system', content: systemPrompt(askReasoning) },
    { role: 'user', content: userPrompt(input) + (askReasoning ? workSamplePrompt(sample!) : '') },
  ];
  let lastError: Error = new Error('no attempt made');
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let content: string;
    try {
      content = await chat(settings, messages);
    } catch (err) {
      lastError = err as Error;
      continue;
    }
    try {
      const reply = checkModelReply(content, candidateTexts, askReasoning ? sample!.thinkAloudTexts : []);
      const criteria = RUBRIC_CRITERIA.map((c) => {
        const r = reply.criteria.find((x) => x.key === c.key)!;
        return { key: c.key, label: c.label, score: r.score, rationale: r.rationale, quotes: r.quotes };
      });
      const overall = Math.round((criteria.reduce((s, c) => s + c.score, 0) / criteria.length) * 10) / 10;
      const assessment: Assessment = {
        rubric_version: RUBRIC_VERSION,
        method: 'model',
        model: settings.model,
        status: 'scored',
        criteria,
        overall_score: overall,
        recommendation: reply.recommendation,
        summary: reply.summary,
        signals,
        fallback_reason: null,
        generated_at: new Date().toISOString(),
      };
      if (!sample) return assessment;
      // Without the model's reasoning judgement (not asked, or not given) the rules' one stands.
      const judged = askReasoning && reply.work_sample;
      return withWorkSample(
        assessment,
        sample,
        judged ? { score: judged.reasoning_score, rationale: judged.rationale, quotes: judged.quotes } : null,
      );
    } catch (err) {
      if (!(err instanceof ModelReplyRejected)) throw err;
      lastError = err;
      messages.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `Your answer was rejected: ${err.message}. Answer again with the JSON object only, quoting the candidate's lines exactly.`,
        },
      );
    }
  }
  throw lastError;
}
