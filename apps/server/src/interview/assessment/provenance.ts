/** What produced an assessment (issue 35, item 9): stored with it, shown to the reviewer. */
import crypto from 'node:crypto';
import { RUBRIC_CRITERIA, RUBRIC_SCALE, type Assessment, type Provenance } from '@app/shared';
import type { Config } from '../../config/env';
import { systemPrompt } from './model';

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The built-in scorer has no prompt: its "instructions" are the rubric it applies, hashed the same way. */
const builtInRules = () => JSON.stringify({ scorer: 'built_in', criteria: RUBRIC_CRITERIA, scale: RUBRIC_SCALE });

/** The engine that wrote the candidate's turns: the careful pass or the live recognizer, and which service. */
function recognizerOf(config: Config, pass: 'live' | 'careful'): string {
  const engine = config.STT_BASE_URL ? `openai-compatible:${config.STT_MODEL}` : 'pocketsphinx';
  return `${pass}:${engine}`;
}

/** The model was asked to judge a work sample's reasoning: some of it was heard surely (it then has quotes). */
function askedReasoning(assessment: Assessment): boolean {
  const c = assessment.criteria.find((x) => x.key === 'work_sample');
  return Boolean(c && c.reasoning === 'heard' && c.quotes.length);
}

export function provenanceOf(
  assessment: Assessment,
  config: Config,
  pass: 'live' | 'careful',
  turns: readonly { seq?: number; speaker: string; text: string }[],
  transcriptNote?: string,
): Provenance {
  const transcript = turns.map((t) => `${t.speaker}: ${t.text}`).join('\n');
  return {
    rubric_version: assessment.rubric_version,
    method: assessment.method,
    model: assessment.model,
    prompt_sha256: sha256(assessment.method === 'model' ? systemPrompt(askedReasoning(assessment)) : builtInRules()),
    recognizer: recognizerOf(config, pass),
    transcript_sha256: sha256(transcript),
    // Only where the live transcript stood in for the careful one, and why (decision 0224).
    ...(transcriptNote && pass === 'live' && { transcript_note: transcriptNote }),
  };
}
