import { tag } from './nlp';

/**
 * The interview's own words: the job's title, skills, description and custom questions, and the
 * candidate's listed tools. An answer's phrase that matches one of these is "job vocabulary": the
 * recognizer was biased toward it, so it may be named back even when its word confidence is low,
 * but it does not count as something only the candidate brought up.
 */
export type JobVocabulary = {
  /** Names worth spotting in an answer (skills, tools, title), as written. */
  terms: string[];
  /** Lemmas of the content words of all the job's text (description and questions included). */
  words: Set<string>;
};

export type VocabularyInput = {
  title?: string;
  description?: string;
  skills?: { name: string; description?: string }[];
  customQuestions?: string[];
  candidateTools?: string[];
};

export const EMPTY_VOCABULARY: JobVocabulary = { terms: [], words: new Set() };

export function buildVocabulary(input: VocabularyInput): JobVocabulary {
  const skills = input.skills ?? [];
  const terms = [...skills.map((s) => s.name), ...(input.candidateTools ?? []), ...(input.title ? [input.title] : [])]
    .map((t) => t.trim())
    .filter(Boolean);
  const text = [
    input.title,
    input.description,
    ...skills.flatMap((s) => [s.name, s.description]),
    ...(input.customQuestions ?? []),
    ...(input.candidateTools ?? []),
  ]
    .filter(Boolean)
    .join('. ');
  const words = new Set<string>();
  for (const t of tag(text)) {
    if (t.pos === 'PUNCT') continue;
    words.add(t.normal);
    words.add(t.lemma);
  }
  return { terms: [...new Set(terms)], words };
}

/** Lower-case words without punctuation, the way recognizers write them. */
export function normalWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}
