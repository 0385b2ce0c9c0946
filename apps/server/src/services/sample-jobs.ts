import { eq } from 'drizzle-orm';
import { jobCreateSchema, type JobCreate } from '@app/shared';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { countJobs, createJob } from './jobs';
import { jobsChanged } from './job-cache';

const US_UK_CA = 'Remote (US time zones preferred). Open to candidates in the US, UK and Canada.';

/** Realistic sample jobs so a fresh install has something to browse. */
export const SAMPLE_JOBS: JobCreate[] = [
  {
    title: 'Illustration Quality Rater',
    description:
      'Review AI-generated illustrations and rate them for composition, anatomy, color harmony and prompt faithfulness. Write short, specific notes that help train the next generation of image models.',
    position_type: 'Part-time contract',
    pay_per_hour: 45,
    availability: `${US_UK_CA} 10-20 hours per week.`,
    skills: [
      { name: 'Illustration', description: 'A portfolio of digital or traditional illustration work' },
      { name: 'Color theory', description: 'Explain why a palette works or fails' },
      { name: 'Adobe Photoshop', description: 'Everyday familiarity with layers, masks and brushes' },
    ],
    custom_questions: [
      'Walk us through a recent illustration you are proud of.',
      'How do you give feedback on a piece whose style you dislike?',
    ],
    interview_type: 'standard',
  },
  {
    title: 'Motion Design Critic',
    description:
      'Watch short generated animations and critique timing, easing, continuity and visual storytelling. You will compare pairs of clips and explain which one a professional motion designer would ship.',
    position_type: 'Freelance',
    pay_per_hour: 55,
    availability: `${US_UK_CA} Flexible hours, about 15 hours per week.`,
    skills: [
      { name: 'After Effects', description: 'Keyframing, graph editor, expressions' },
      { name: 'Animation principles', description: 'Timing, spacing, anticipation, follow-through' },
    ],
    custom_questions: ['Describe how you judge whether motion feels natural.'],
    interview_type: 'human_data',
  },
  {
    title: 'Voice and Audio Annotator',
    description:
      'Listen to synthetic speech and music samples, label pronunciation errors, artifacts and emotional tone, and rate overall naturalness. Good headphones and a quiet room are required.',
    position_type: 'Part-time contract',
    pay_per_hour: 32.5,
    availability: `${US_UK_CA} 10 hours per week minimum.`,
    skills: [
      { name: 'Critical listening', description: 'Hear clipping, noise, and timing artifacts' },
      { name: 'Audio editing', description: 'Audacity, Reaper, Pro Tools or similar' },
    ],
    custom_questions: [],
    interview_type: 'standard',
  },
  {
    title: 'UX Writing Evaluator',
    description:
      'Rate interface copy written by language models for clarity, tone and accessibility. Rewrite weak strings and explain the change in one or two sentences.',
    position_type: 'Full-time contract',
    pay_per_hour: 40,
    availability: `${US_UK_CA} 40 hours per week.`,
    skills: [
      { name: 'UX writing', description: 'Microcopy, error messages, onboarding flows' },
      { name: 'Style guides', description: 'Apply and maintain a product voice' },
    ],
    custom_questions: [
      'Tell us about a piece of interface copy you changed and why.',
      'How do you write an error message for a payment failure?',
      'Which style guides have you worked with?',
    ],
    interview_type: 'custom_questions',
  },
  {
    title: '3D Asset Reviewer',
    description:
      'Inspect generated 3D models and renders for topology, texturing, lighting and realism. Flag unusable assets and score the rest against a rubric.',
    position_type: 'Freelance',
    pay_per_hour: 60,
    availability: `${US_UK_CA} 5-15 hours per week.`,
    skills: [
      { name: 'Blender', description: 'Modeling, UVs, shading' },
      { name: 'Rendering', description: 'Lighting and materials for realistic renders' },
    ],
    custom_questions: ['What is the first thing you check in a 3D model someone else made?'],
    interview_type: 'custom_exercise',
  },
  {
    title: 'Photography Aesthetics Labeler',
    description:
      'Label photographs for composition, exposure, focus and mood, and rank sets of images from strongest to weakest with a short reason.',
    position_type: 'Part-time contract',
    pay_per_hour: null,
    availability: `${US_UK_CA} Around 10 hours per week.`,
    skills: [{ name: 'Photography', description: 'A working eye for composition and light' }],
    custom_questions: [],
    interview_type: 'standard',
  },
];

/** Seeds the sample jobs into an empty jobs table; does nothing when any job exists. */
export async function seedSampleJobs(db: Db): Promise<number> {
  if ((await countJobs(db)) > 0) return 0;
  const now = Date.now();
  // Stagger creation times so the listing shows a range of "posted" texts.
  const ageHours = [2, 20, 50, 24 * 9, 24 * 35, 24 * 70];
  for (const [i, job] of SAMPLE_JOBS.entries()) {
    const created = await createJob(db, jobCreateSchema.parse(job), null);
    await db
      .update(jobs)
      .set({ createdAt: new Date(now - (ageHours[i] ?? 1) * 3600_000) })
      .where(eq(jobs.id, created.id));
  }
  jobsChanged();
  return SAMPLE_JOBS.length;
}
