/**
 * The careful record writes the candidate's own names their way too (decision 0174): the spelling map
 * comes from the same words the careful model is built from (decision 0172), the job's and the
 * candidate's profile, work history and all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';
import { seedInterview } from '../assessment/fixtures';
import { profiles } from '../../src/db/schema';
import { respellText, spellingsFor } from '../../src/interview/recognition/spelling';
import { recognitionTextFor } from '../../src/interview/transcript/careful-transcript';
import { jobTextParts } from '../../src/interview/recognition/job-model';
import { vocabularyPrompt } from '../../src/interview/careful/service-pass';

let t: TestContext;
beforeAll(async () => void (t = await buildTestApp()));
afterAll(async () => t.close());

describe('the careful record’s spellings', () => {
  it('come from the job and the candidate’s profile', async () => {
    const { user } = await t.signUp();
    await t.database.db.insert(profiles).values({
      userId: user.id,
      skills: ['Houdini FX'],
      expertise: ['Marvelous Designer'],
      workExperience: [{ title: 'Lead artist', company: 'PixelForge 3D' }],
    });
    const { interview } = await seedInterview(t.database.db, {
      candidateId: user.id,
      // A name in the job's free text: its "3D" is written, the words around it are not a name.
      skills: [{ name: 'ZBrush', description: 'Sculpting heroes for Substance 3D Painter texturing' }],
    });
    const spellings = spellingsFor((await recognitionTextFor(t.database.db, interview.id))!);
    expect(
      respellText(
        'i sculpted in z brush then houdini f x and marvelous designer at pixel forge three d and substance three d painter',
        spellings,
      ),
    ).toBe('i sculpted in ZBrush then Houdini FX and Marvelous Designer at PixelForge 3D and substance 3D painter');
  });

  // Issue 43 item 22: an interview nobody tuned on. The place is in the candidate's profile alone.
  it('take a place only the profile names into the candidate’s vocabulary, and a hyphenated name from the job’s text', async () => {
    const { user } = await t.signUp();
    await t.database.db.insert(profiles).values({ userId: user.id, city: 'Tromsø', country: 'Norway' });
    const { interview } = await seedInterview(t.database.db, {
      candidateId: user.id,
      skills: [{ name: 'Lightroom', description: 'Cull galleries in Photo-Mechanic, then grade in DaVinci Resolve' }],
    });
    const job = (await recognitionTextFor(t.database.db, interview.id))!;
    // The candidate vocabulary: the careful model's names and the transcription service's prompt.
    expect(job.candidateTools).toEqual(expect.arrayContaining(['Tromsø', 'Norway']));
    expect(jobTextParts(job).names).toEqual(expect.arrayContaining(['Tromsø', 'Norway']));
    expect(vocabularyPrompt(job)).toMatch(/Tromsø, Norway/);
    expect(respellText('i cull in photo mechanic and da vinci resolve from tromsø in norway', spellingsFor(job))).toBe(
      'i cull in Photo-Mechanic and DaVinci resolve from Tromsø in Norway',
    );
  });
});
