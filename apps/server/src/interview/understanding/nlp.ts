import { createRequire } from 'node:module';
import type winkNLP from 'wink-nlp';
import type model from 'wink-eng-lite-web-model';

type Pipeline = ReturnType<typeof winkNLP>;

const require = createRequire(import.meta.url);
let pipeline: Pipeline | undefined;

/**
 * One English pipeline per process: wink-nlp with its light English model (tagger, lemmas,
 * entities). Loaded on first use, not at import: reading the model took a tenth of the server's
 * start on the path to a healthy /api/health (decision 0241); `warmUpUnderstanding` loads it soon
 * after the server listens.
 */
function nlp(): Pipeline {
  if (!pipeline) {
    const load = require('wink-nlp') as typeof winkNLP;
    pipeline = load(require('wink-eng-lite-web-model') as typeof model);
  }
  return pipeline;
}

/** A tagged word of an answer. */
export type Token = {
  value: string;
  normal: string;
  lemma: string;
  /** Universal part of speech: NOUN, PROPN, VERB, ADJ, DET, PRON, NUM, ADP, CCONJ, PUNCT, ... */
  pos: string;
  /** Inside a time expression the model found (DATE, DURATION, TIME). */
  time: boolean;
  /** The model's entity type (CARDINAL, DURATION, ...) where the token is part of one. */
  entity?: string;
};

export function tag(text: string): Token[] {
  const english = nlp();
  const its = english.its;
  const doc = english.readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const normals = doc.tokens().out(its.normal) as string[];
  // The lemma helper's type asks for model add-ons the light model provides itself.
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.normal) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const tokens: Token[] = values.map((value, i) => ({
    value,
    normal: normals[i]!,
    lemma: lemmas[i]!,
    pos: pos[i]!,
    time: false,
  }));
  doc.entities().each((e: { out: (f: unknown) => unknown }) => {
    const type = e.out(its.type) as string;
    const [start, end] = e.out(its.span) as unknown as number[];
    for (let i = start!; i <= end!; i++) {
      const t = tokens[i];
      if (!t) continue;
      t.entity = type;
      t.time = type === 'DATE' || type === 'DURATION' || type === 'TIME';
    }
  });
  return tokens;
}

/**
 * Loads the model and tags one sentence: the first document pays for compiling the model's code
 * paths, which should happen soon after start-up, not on a candidate's first answer.
 */
export function warmUpUnderstanding(): void {
  tag('I photographed a product catalog for three weeks.');
}
