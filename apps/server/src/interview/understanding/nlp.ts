import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One English pipeline per process: wink-nlp with its light English model (tagger, lemmas, entities). */
const nlp = winkNLP(model);
export const its = nlp.its;

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
  const doc = nlp.readDoc(text);
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

// The first document pays for compiling the model's code paths: pay it at start-up, not on the
// candidate's first answer.
tag('I photographed a product catalog for three weeks.');
