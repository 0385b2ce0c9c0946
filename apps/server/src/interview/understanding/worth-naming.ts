import type { AnswerItem } from './understand';
import { GENERIC_NOUNS, WORK_NOUNS } from './lexicon';
import type { JobVocabulary } from './vocabulary';
import { normalWords } from './vocabulary';

/**
 * What a person would name back from an answer (issue 27): a tool, a technique, a material, a
 * client or project, a figure with its unit, or what the candidate did. Never a unit of time
 * ("three months", "a weekend"), nor a word too general to mean anything on its own ("work",
 * "stuff", "your own license").
 */

/** Units of time: a figure of these is a duration, not a result worth naming. */
export const TIME_UNITS = new Set([
  'second',
  'seconds',
  'minute',
  'minutes',
  'hour',
  'hours',
  'day',
  'days',
  'week',
  'weeks',
  'weekend',
  'weekends',
  'month',
  'months',
  'year',
  'years',
  'decade',
  'decades',
  'morning',
  'mornings',
  'evening',
  'evenings',
  'night',
  'nights',
  'time',
  'times',
  'while',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'season',
  'quarter',
]);

/** Words that say nothing specific about the work: not names of a thing, with or without "the". */
const VAGUE_WORDS = new Set([
  ...GENERIC_NOUNS,
  'own',
  'great',
  'good',
  'nice',
  'big',
  'small',
  'new',
  'old',
  'real',
  'whole',
  'different',
  'same',
  'other',
  'many',
  'few',
  'much',
  'several',
  'various',
  'certain',
  'main',
  'hard',
  'challenge',
  'license',
  'stuff',
  'problem',
  'issue',
  'situation',
  'process',
  'approach',
  'result',
  'results',
  'task',
  'tasks',
  // Alone these are any project; "the banking app", "a coffee roaster" say which.
  'project',
  'projects',
  'client',
  'clients',
  'customer',
  'team',
  'company',
  'tool',
  'tools',
  'software',
  'the',
  'a',
  'an',
  'your',
  'their',
  'his',
  'her',
  'its',
  'this',
  'that',
]);

/**
 * Craft nouns: techniques, materials and kinds of pieces a creative names when talking shop. One of
 * these alone ("the animatic", "watercolor") is worth naming; a single plain noun otherwise is not.
 */
const CRAFT_NOUNS = new Set([
  'animatic',
  'storyboard',
  'storyboards',
  'moodboard',
  'palette',
  'rig',
  'keyframe',
  'keyframes',
  'mockup',
  'mockups',
  'prototype',
  'wireframe',
  'wireframes',
  'typeface',
  'font',
  'kerning',
  'layout',
  'grid',
  'watercolor',
  'watercolour',
  'gouache',
  'acrylic',
  'acrylics',
  'charcoal',
  'ink',
  'clay',
  'resin',
  'fabric',
  'linen',
  'canvas',
  'softbox',
  'softboxes',
  'tripod',
  'lens',
  'logo',
  'poster',
  'mural',
  'catalog',
  'catalogue',
  'brochure',
  'explainer',
  'trailer',
  'podcast',
  'album',
  'campaign',
  'captions',
  'subtitles',
  'transitions',
  'easing',
  'lighting',
  'retouching',
  'compositing',
  'rotoscoping',
  'script',
  'scripts',
  'checklist',
  'workshop',
  'rubric',
  'guidelines',
]);

/**
 * Nouns that are not a thing to ask about on their own: people ("the couple", "my friend") and ideas
 * ("practice", "patience"). With a word that says which ("the wedding couple") they may be named.
 */
const NOT_THINGS = new Set(
  (
    'person people friend family kid child children parent mother father sister brother wife husband partner ' +
    'couple owner student teacher user audience colleague coworker boss employer everyone someone guy ' +
    'practice experience help support passion love fun interest knowledge skill talent patience attention care ' +
    'focus detail goal plan idea decision choice change improvement success failure progress growth career ' +
    'life world money budget price cost pay rate job role position opportunity chance level taste mood feeling ' +
    'sense purpose effect impact value standard version lot bunch couple pair kind type sort'
  ).split(' '),
);

const NUMBER_WORDS = new Set(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million dozen half'.split(
    ' ',
  ),
);

const isNumber = (w: string) => /^\d/.test(w) || NUMBER_WORDS.has(w);

/** A figure with its unit ("twelve frames", "30 product angles"), time units excepted. */
export function isFigure(text: string): boolean {
  const ws = normalWords(text).filter((w) => !VAGUE_WORDS.has(w) || isNumber(w));
  return ws.length >= 2 && isNumber(ws[0]!) && !TIME_UNITS.has(ws.at(-1)!);
}

/** Whether `item` is worth saying back to the candidate (or listing in their debrief). */
export function worthNaming(item: AnswerItem, vocabulary?: JobVocabulary): boolean {
  if (item.kind === 'duration') return false;
  const ws = normalWords(item.text);
  const head = ws.at(-1);
  if (!head || TIME_UNITS.has(head) || GENERIC_NOUNS.has(head)) return false;
  // Any time unit in a thing ("two weeks work") makes it a duration in disguise; actions keep their verb.
  if (item.kind !== 'action' && ws.some((w) => TIME_UNITS.has(w) && isNumber(ws[ws.indexOf(w) - 1] ?? '')))
    return false;
  if (item.kind === 'action') return objectWorthNaming(ws.slice(1));
  if (item.kind === 'tool') return true;
  if (isFigure(item.text)) return true;
  const content = contentWords(item.text);
  if (content.length >= 2) return true;
  const only = content[0];
  if (!only) return false;
  const one = singular(only);
  // A plain field of work alone ("your animation", "the design") is not a thing; a craft noun is.
  if (CRAFT_NOUNS.has(only)) return true;
  if (WORK_NOUNS.has(one) || WORK_NOUNS.has(only) || NOT_THINGS.has(only) || NOT_THINGS.has(one)) return false;
  // One plain noun the candidate brought up ("the turntable", "your monitor"): a thing, not a person or an idea.
  return only.length > 2 || Boolean(vocabulary?.words.has(only));
}

const PREPOSITIONS = new Set(['on', 'in', 'with', 'for', 'to', 'at', 'of', 'about', 'from', 'into', 'through', 'up']);

/**
 * What the candidate did is worth naming unless all it names is a person or an idea ("teach the
 * students", "help my friend"); the verb makes "edited the photo" specific enough.
 */
function objectWorthNaming(object: string[]): boolean {
  let from = 0;
  while (PREPOSITIONS.has(object[from] ?? '')) from++;
  const content = contentWords(object.slice(from).join(' '));
  if (content.length !== 1) return true;
  return !NOT_THINGS.has(content[0]!) && !NOT_THINGS.has(singular(content[0]!));
}

/** The words of an item that say what it is: not articles, possessives, figures or vague words. */
export function contentWords(text: string): string[] {
  return normalWords(text).filter((w) => !VAGUE_WORDS.has(w) && !isNumber(w));
}

function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
