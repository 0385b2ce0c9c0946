import { describe, expect, it } from 'vitest';
import {
  BIO_REQUIRED,
  EXPERTISE_REQUIRED,
  NAME_REQUIRED,
  cleanListEntries,
  normalizeExpertise,
  profileCompleteRequestSchema,
} from '../src';

const base = { name: 'Ada Lovelace', bio: 'Designer', expertise: ['Figma'] };
const messages = (input: unknown) => {
  const r = profileCompleteRequestSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('normalizeExpertise', () => {
  it('trims, drops empty entries and case-insensitive duplicates, keeping the first spelling', () => {
    expect(normalizeExpertise(['  Figma ', '', '   ', 'figma', 'Blender', 'FIGMA', 'Blender '])).toEqual([
      'Figma',
      'Blender',
    ]);
  });
  it('accepts nothing', () => {
    expect(normalizeExpertise(undefined)).toEqual([]);
  });
});

describe('cleanListEntries', () => {
  it("drops entries whose fields are all empty, 'none' or 'n/a' in any case", () => {
    expect(
      cleanListEntries([
        { school: '', degree: ' ', field: '', year: '' },
        { school: 'None', degree: 'N/A', field: 'n/a', year: 'NONE' },
        { school: ' MIT ', degree: 'n/a', field: '', year: '2010' },
      ]),
    ).toEqual([{ school: 'MIT', degree: 'n/a', field: '', year: '2010' }]);
  });
});

describe('profileCompleteRequestSchema', () => {
  it('requires name, bio and one expertise with readable messages', () => {
    expect(messages({})).toEqual([NAME_REQUIRED, BIO_REQUIRED, EXPERTISE_REQUIRED]);
    expect(messages({ name: '  ', bio: ' ', expertise: [' ', ''] })).toEqual([
      NAME_REQUIRED,
      BIO_REQUIRED,
      EXPERTISE_REQUIRED,
    ]);
  });

  it('cleans lists and expertise, and keeps left-out optional fields out of the result', () => {
    const data = profileCompleteRequestSchema.parse({
      ...base,
      expertise: ['UX', ' ux ', 'Motion'],
      education: [
        { school: 'none', degree: 'N/A' },
        { school: 'RCA', degree: 'MA' },
      ],
      certifications: [],
    });
    expect(data.expertise).toEqual(['UX', 'Motion']);
    expect(data.education).toEqual([{ school: 'RCA', degree: 'MA' }]);
    expect(data.certifications).toEqual([]);
    expect(data).not.toHaveProperty('projects');
    expect(data).not.toHaveProperty('resume_url');
  });

  it('turns empty strings into null for optional text', () => {
    const data = profileCompleteRequestSchema.parse({ ...base, resume_url: '', city: '  ' });
    expect(data.resume_url).toBeNull();
    expect(data.city).toBeNull();
  });

  it.each([
    ['/api/files/0b9d7a4e-0000-4000-8000-000000000000', true],
    ['https://drive.example.com/file/d/1', true],
    ['javascript:alert(1)', false],
    ['//evil.example.com/x', false],
    ['ftp://example.com/cv.pdf', false],
  ])('resume_url %s accepted: %s', (url, ok) => {
    expect(profileCompleteRequestSchema.safeParse({ ...base, resume_url: url }).success).toBe(ok);
  });

  it('limits list sizes and the work authorization values', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `p${i}` }));
    expect(profileCompleteRequestSchema.safeParse({ ...base, projects: many }).success).toBe(false);
    expect(profileCompleteRequestSchema.safeParse({ ...base, work_authorization: 'tourist' }).success).toBe(false);
    expect(profileCompleteRequestSchema.safeParse({ ...base, work_authorization: 'need_sponsorship' }).success).toBe(
      true,
    );
  });
});
