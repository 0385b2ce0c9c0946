import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERAL_MODEL_DIR, type JobText } from '../../../src/interview/recognition/job-model';
import { normalizeText } from '../../../src/interview/recognition/job-text';
import { dictionaryWords } from '../../../src/interview/recognition/pronounce';
import { respellFinal, respellText, spellingsFor } from '../../../src/interview/recognition/spelling';

/** Words are written the way the job and the candidate write them (issue 33 item 3, decision 0174). */
const job: JobText = {
  title: 'Senior 3D Character Artist',
  description: 'Sculpt heroes in ZBrush, texture them in Substance 3D Painter and set up simulations in Houdini FX.',
  skills: [
    { name: 'ZBrush' },
    { name: 'Houdini FX' },
    { name: 'Substance 3D Painter' },
    { name: 'Cinema 4D' },
    { name: 'DaVinci Resolve' },
    { name: 'After Effects' },
    { name: 'IT support' },
    { name: 'Design' },
  ],
  customQuestions: ['Which GraphQL or C++ tools have you scripted?'],
  // The candidate's own: profile tools and expertise, résumé lines (a sentence is not a name).
  candidateTools: ['Marvelous Designer', 'Zbrush', '3ds Max', 'Designed posters for local bands'],
};
const spellings = spellingsFor(job);
const dict = path.join(GENERAL_MODEL_DIR, 'cmudict-en-us.dict');

describe('one spelling map per interview', () => {
  it.skipIf(!fs.existsSync(dict))('maps what the job model makes the recognizer write back to the written name', () => {
    // The recognizer writes each name as the job model spells it (job-text.ts with cmudict).
    const known = dictionaryWords(dict);
    const said = (name: string) =>
      normalizeText([name], (w) => known.has(w))
        .sentences.flat()
        .join(' ');
    expect(said('ZBrush')).toBe('z brush');
    expect(said('Houdini FX')).toBe('houdini f x');
    expect(said('Substance 3D Painter')).toBe('substance three d painter');
    for (const name of [
      'ZBrush',
      'Houdini FX',
      'Substance 3D Painter',
      'Cinema 4D',
      'DaVinci Resolve',
      'After Effects',
      'Marvelous Designer',
      '3ds Max',
    ]) {
      expect(spellings.phrases.get(said(name)), name).toBe(name);
    }
  });

  it('writes multi-word names whole, in any case, as any engine writes them, keeping punctuation', () => {
    expect(
      respellText(
        'i sculpt in z brush and ZBRUSH, light in houdini f x or Houdini fx. then substance three d painter and substance 3d painter',
        spellings,
      ),
    ).toBe(
      'i sculpt in ZBrush and ZBrush, light in Houdini FX or Houdini FX. then Substance 3D Painter and Substance 3D Painter',
    );
    expect(respellText('cinema four d, da vinci resolve and after effects', spellings)).toBe(
      'Cinema 4D, DaVinci Resolve and After Effects',
    );
    // The longest phrase first: "three d" alone is the job's "3D", inside the name it is the name.
    expect(respellText('a three d model and three d s max', spellings)).toBe('a 3D model and 3ds Max');
    // The candidate's own tools; the job's spelling wins when both write a name ("Zbrush" / "ZBrush").
    expect(respellText('cloth in marvelous designer', spellings)).toBe('cloth in Marvelous Designer');
    expect(respellText('scripts in graph q l and c plus plus', spellings)).toBe('scripts in GraphQL and C++');
  });

  it('matches whole words only', () => {
    for (const text of ['zbrushes and houdinis', 'a brush and a z', 'houdini effects', 'substance three', 'f x']) {
      // "f x" alone is the job's "FX" written inside "Houdini FX": the description names it on its own.
      if (text === 'f x') expect(respellText(text, spellings)).toBe('FX');
      else expect(respellText(text, spellings)).toBe(text);
    }
    // A phrase does not run over punctuation.
    expect(respellText('i used z. brush later', spellings)).toBe('i used z. brush later');
  });

  it('never changes words that are not a written name', () => {
    // "it" is not "IT", a Title-case everyday word ("Design") and a résumé sentence are not names.
    const plain = 'it is my design work and i designed posters for local bands';
    expect(respellText(plain, spellings)).toBe(plain);
    expect(respellText('i did it support for a school', spellings)).toBe('i did IT support for a school');
    expect(respellText('we talked about the weather', spellings)).toBe('we talked about the weather');
    expect(spellings.phrases.get('it')).toBeUndefined();
    expect(spellings.phrases.get('design')).toBeUndefined();
  });

  it('writes recognizer words with the least sure word as the name’s confidence', () => {
    const heard = respellFinal(
      {
        text: 'i use z brush daily',
        words: [
          { text: 'i', confidence: 0.9 },
          { text: 'use', confidence: 0.8 },
          { text: 'z', confidence: 0.6 },
          { text: 'brush', confidence: 0.7 },
          { text: 'daily', confidence: 0.95 },
        ],
      },
      spellings,
    );
    expect(heard).toEqual({
      text: 'i use ZBrush daily',
      words: [
        { text: 'i', confidence: 0.9 },
        { text: 'use', confidence: 0.8 },
        { text: 'ZBrush', confidence: 0.6 },
        { text: 'daily', confidence: 0.95 },
      ],
    });
  });
});

/**
 * Issue 43 item 22: a job nobody tuned on. Its free text names a tool with a hyphen and capitals
 * ("Photo-Mechanic") beside a camel-case one ("DaVinci"); the candidate's profile alone names a
 * place, one with a letter outside ASCII ("Tromsø", "Zürich").
 */
describe('names with a hyphen, and names only the candidate writes', () => {
  const untuned: JobText = {
    title: 'Sports Photo Editor',
    description:
      'Cull match-day galleries in Photo-Mechanic, grade in DaVinci Resolve and profile screens with X-Rite targets. Follow-up edits are well-known work.',
    skills: [{ name: 'Lightroom' }],
    customQuestions: ['How fast can you caption a gallery in Photo-Mechanic?'],
    candidateTools: ['Tromsø', 'Zürich', 'Norway'],
  };
  const untunedSpellings = spellingsFor(untuned);

  it('writes a hyphenated name from the job’s text the job’s way, like its camel-case names', () => {
    expect(respellText('i cull in photo mechanic and grade in da vinci resolve', untunedSpellings)).toBe(
      'i cull in Photo-Mechanic and grade in DaVinci resolve',
    );
    expect(respellText('x rite targets, photo-mechanic and Photo Mechanic', untunedSpellings)).toBe(
      'X-Rite targets, Photo-Mechanic and Photo-Mechanic',
    );
    // Lower-case hyphenated words are not names: they stay as heard.
    expect(respellText('a match day follow up on well known work', untunedSpellings)).toBe(
      'a match day follow up on well known work',
    );
  });

  it('writes a place only the candidate’s profile names the profile’s way, letters outside ASCII and all', () => {
    expect(respellText('i edit from tromsø and zürich in norway', untunedSpellings)).toBe(
      'i edit from Tromsø and Zürich in Norway',
    );
  });

  it.skipIf(!fs.existsSync(dict))('maps what the job model makes the recognizer write for them', () => {
    const known = dictionaryWords(dict);
    const said = (name: string) =>
      normalizeText([name], (w) => known.has(w))
        .sentences.flat()
        .join(' ');
    for (const name of ['Photo-Mechanic', 'X-Rite', 'DaVinci', 'Tromsø', 'Zürich']) {
      expect(untunedSpellings.phrases.get(said(name)), `${name} said as "${said(name)}"`).toBe(name);
    }
  });
});
