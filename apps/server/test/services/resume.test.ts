import { describe, expect, it } from 'vitest';
import { UNREADABLE_RESUME, extractResumeText, parseResumeText, readResume } from '../../src/accounts/resume';
import { DOCX, PDF } from '../../src/storage/sniff';
import { makeDocxResume, makePdfResume } from '../fixtures/resumes';

describe('resume parsing', () => {
  it.each([
    {
      format: 'PDF',
      make: makePdfResume,
      type: PDF,
      prefill: {
        firstName: 'Maria',
        lastName: 'Gonzalez',
        email: 'maria.gonzalez@example.com',
        phone: '+1 (415) 555-0134',
        city: 'San Francisco',
        country: 'United States',
        linkedinUrl: 'https://www.linkedin.com/in/maria-gonzalez',
        workExperience: [
          {
            title: 'Senior Motion Designer',
            company: 'Pixel Forge Studio',
            startDate: 'Jan 2019',
            endDate: 'Present',
            description:
              "Led a team of four animators on product launch videos\nBuilt the studio's After Effects template library",
          },
          {
            title: 'Motion Designer',
            company: 'Brightline Media',
            startDate: '2015',
            endDate: '2018',
            description: 'Animated explainer videos for SaaS clients',
          },
        ],
        education: [
          {
            degree: 'Bachelor of Fine Arts',
            field: 'Animation',
            school: 'California College of the Arts',
            year: '2015',
          },
        ],
        expertise: ['After Effects', 'Cinema 4D', 'Figma', 'Blender', 'Illustrator', 'Premiere Pro'],
      },
    },
    {
      format: 'DOCX',
      make: makeDocxResume,
      type: DOCX,
      prefill: {
        firstName: 'James',
        lastName: "O'Connor",
        email: 'james.oconnor@example.co.uk',
        phone: '+44 20 7946 0958',
        city: 'London',
        country: 'United Kingdom',
        linkedinUrl: 'https://www.linkedin.com/in/jamesoconnor-audio',
        workExperience: [
          {
            title: 'Studio Lead',
            company: 'Northlight Films',
            startDate: '2016',
            endDate: '2023',
            description: 'Designed soundscapes for 12 feature documentaries',
          },
          { title: 'Assistant Sound Editor', company: 'Harbour Post', startDate: '2013', endDate: '2016' },
        ],
        education: [
          { degree: 'MA', field: 'Sound Design', school: 'University of Edinburgh', year: '2013' },
          { degree: 'BSc', field: 'Music Technology', school: 'University of York', year: '2011' },
        ],
        expertise: ['Pro Tools', 'Reaper', 'Field Recording', 'Foley'],
      },
    },
  ])('prefills the onboarding fields from a $format resume', async ({ make, type, prefill }) => {
    expect((await readResume(await make(), type)).prefill).toEqual(prefill);
  });

  it('extracts the text of both formats', async () => {
    expect(await extractResumeText(await makePdfResume(), PDF)).toEqual({
      text: expect.stringContaining('Pixel Forge Studio'),
    });
    expect(await extractResumeText(await makeDocxResume(), DOCX)).toEqual({
      text: expect.stringContaining('Northlight Films'),
    });
  });

  it('returns only what it finds', () => {
    expect(parseResumeText('Just some notes\nabout nothing in particular')).toEqual({});
    expect(parseResumeText('')).toEqual({});
  });

  it('never throws on a broken file', async () => {
    for (const [bytes, type] of [
      [Buffer.from('%PDF-1.7 garbage'), PDF],
      [Buffer.from('PK\u0003\u0004 not a zip'), DOCX],
    ] as const) {
      expect(await readResume(bytes, type)).toEqual({ prefill: {}, unreadable: UNREADABLE_RESUME });
    }
  });
});
