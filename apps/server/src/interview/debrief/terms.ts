/**
 * Words compared the way a person hears them (issue 34): British and American spellings alike
 * ("colour" / "color") and one stem for a word's forms ("illustration" / "illustrating" /
 * "illustrator"). Used for the job terms an answer said and the tools or techniques it named.
 */
import { normalWords, type JobVocabulary } from '../understanding/vocabulary';

/** British spellings the job or the candidate may use, written the American way before stemming. */
const OUR_WORDS = /^(colo|favo|behavio|hono|labo|flavo|harbo|neighbo|humo|rumo|savo|endeavo|armo|vapo)urs?/;

/** Suffixes stripped, longest first; a stem keeps at least three letters. */
const SUFFIXES = [
  'izations',
  'ization',
  'ations',
  'ation',
  'ators',
  'ator',
  'ating',
  'ated',
  'ates',
  'ate',
  'ings',
  'ing',
  'ions',
  'ion',
  'ers',
  'er',
  'ies',
  'ied',
  'es',
  'ed',
  'ly',
  's',
  'e',
];

/** The stem of one lower-case word: spelling unified, one suffix taken off. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  w = w.replace(OUR_WORDS, (m) => m.replace('our', 'or'));
  // -ise / -ising / -isation are -ize / -izing / -ization written the British way.
  w = w.replace(/is(e|es|ed|ing|ation|ations)$/, 'iz$1').replace(/yse(s|d)?$/, 'yze$1');
  w = w.replace(/([^aeiou])tre(s)?$/, '$1ter$2');
  w = w.replace(/^(model|label|travel|level|channel|cancel|signal|fuel)l(ing|ed|er|ers)$/, '$1$2');
  // Two rounds: "layering" → "layer" → "lay", as "layers" → "lay".
  for (let round = 0; round < 2; round++) {
    const suffix = SUFFIXES.find((x) => w.endsWith(x) && w.length - x.length >= 3 && !keepsS(w, x));
    if (!suffix) break;
    // "planning" / "plan": a doubled last consonant counts once (not l, s, z: "spell", "process").
    w = w.slice(0, -suffix.length).replace(/([b-df-hj-km-np-rtv-y])\1$/, '$1');
  }
  return w;
}

/** "process", "focus", "basis": a final s that is part of the word. */
const keepsS = (w: string, suffix: string) => suffix === 's' && /[sui]s$/.test(w);

export const stems = (text: string): string[] => normalWords(text).map(stem);

/** Whether the stems of `phrase` occur, in order and next to each other, in `said`. */
function includesRun(said: string[], phrase: string[]): boolean {
  if (!phrase.length) return false;
  for (let i = 0; i + phrase.length <= said.length; i++) {
    if (phrase.every((p, j) => said[i + j] === p)) return true;
  }
  return false;
}

/** The job's terms (skills, tools, title) the answer said, as the job writes them, each once. */
export function jobTermsIn(text: string, vocabulary: JobVocabulary): string[] {
  const said = stems(text);
  return [...new Set(vocabulary.terms)].filter((term) => includesRun(said, stems(term)));
}

/**
 * Tools and techniques of creative work a candidate may name without the job listing them; an answer
 * naming one is never told to name a tool or technique.
 */
const TOOLS_AND_TECHNIQUES = [
  'photoshop',
  'illustrator',
  'indesign',
  'lightroom',
  'after effects',
  'premiere',
  'audition',
  'figma',
  'sketch',
  'procreate',
  'blender',
  'maya',
  'cinema 4d',
  'zbrush',
  'houdini',
  'substance',
  'unreal',
  'unity',
  'davinci resolve',
  'resolve',
  'final cut',
  'logic pro',
  'pro tools',
  'ableton',
  'krita',
  'affinity',
  'canva',
  'framer',
  'miro',
  'notion',
  'excel',
  'google docs',
  'grammarly',
  'wordpress',
  'storyboard',
  'wireframe',
  'prototype',
  'mood board',
  'moodboard',
  'thumbnail',
  'sketching',
  'layer',
  'mask',
  'color grading',
  'color correction',
  'colour grading',
  'kerning',
  'typography',
  'grid',
  'composite',
  'compositing',
  'rigging',
  'render',
  'retouch',
  'keyframe',
  'vector',
  'brush',
  'gradient',
  'lighting',
  'style guide',
  'checklist',
  'rubric',
  'guideline',
  'side by side',
  'a b test',
  'user test',
  'proofread',
  'spreadsheet',
  'template',
  'mockup',
  'pen tool',
  'bezier',
  'hierarchy',
  'contrast',
  'white space',
  'palette',
  'perspective',
  'anatomy',
  'shading',
  'inking',
  'line art',
  'lettering',
  'mixing',
  'mastering',
  'motion path',
  'easing',
].map((t) => stems(t));

/** Whether the answer names a tool or technique (a known one, or one of the job's own terms). */
export function namesToolOrTechnique(text: string): boolean {
  const said = stems(text);
  return TOOLS_AND_TECHNIQUES.some((t) => includesRun(said, t));
}
