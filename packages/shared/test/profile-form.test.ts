import { describe, expect, it } from 'vitest';
import {
  addExpertise,
  applyLinkedinImport,
  applyResumePrefill,
  availabilityTextFor,
  buildApplicationPayload,
  buildApplicationSteps,
  buildOnboardingPayload,
  buildProfileSavePayload,
  cleanListEntries,
  COUNTRIES,
  DEFAULT_AVAILABILITY_TEXT,
  emptyOnboardingForm,
  filterCountries,
  findBlockingInterview,
  matchCountry,
  normalizeExpertise,
  shouldImportLinkedin,
  validateApplicationStep,
  validateOnboardingStep,
  verificationStages,
  type OnboardingForm,
  type ProfileFields,
} from '../src';

const validForm = (): OnboardingForm => ({
  ...emptyOnboardingForm('ada@example.com'),
  resumeUrl: 'http://host/api/files/r.pdf',
  resumeFileName: 'r.pdf',
  firstName: 'Ada',
  lastName: 'Lovelace',
  city: 'London',
  country: 'United Kingdom',
  bio: 'Illustrator',
  expertise: ['Illustration'],
  workAuthorized: 'citizen',
  citizenship: 'United Kingdom',
});

describe('validateOnboardingStep', () => {
  it('requires an uploaded resume on step 1', () => {
    expect(validateOnboardingStep(1, { ...validForm(), resumeUrl: '' })).toBe('Please upload your resume');
    expect(validateOnboardingStep(1, validForm())).toBeNull();
  });

  it.each(['firstName', 'lastName', 'email', 'city', 'country'] as const)('requires %s on step 2', (field) => {
    expect(validateOnboardingStep(2, { ...validForm(), [field]: '  ' })).toBe('Please fill in all required fields');
  });

  it('leaves phone, LinkedIn and summary optional on step 2', () => {
    expect(validateOnboardingStep(2, { ...validForm(), phone: '', linkedinUrl: '', summary: '' })).toBeNull();
  });

  it('requires a bio and one real expertise on step 3', () => {
    const msg = 'Please provide bio and at least one expertise area';
    expect(validateOnboardingStep(3, { ...validForm(), bio: ' ' })).toBe(msg);
    expect(validateOnboardingStep(3, { ...validForm(), expertise: ['  '] })).toBe(msg);
    expect(validateOnboardingStep(3, validForm())).toBeNull();
  });

  it('asks for work authorization first, then citizenship, on step 4', () => {
    expect(validateOnboardingStep(4, { ...validForm(), workAuthorized: '', citizenship: '' })).toBe(
      'Please select work authorization status',
    );
    expect(validateOnboardingStep(4, { ...validForm(), citizenship: '' })).toBe(
      'Please select your citizenship country',
    );
    expect(validateOnboardingStep(4, validForm())).toBeNull();
  });
});

describe('expertise chips', () => {
  it('adds trimmed values and ignores empty and duplicate ones', () => {
    let list = addExpertise([], '  Figma ');
    expect(list).toEqual(['Figma']);
    list = addExpertise(list, '   ');
    list = addExpertise(list, 'figma');
    list = addExpertise(list, 'Blender');
    expect(list).toEqual(['Figma', 'Blender']);
  });

  it('normalizes a whole list', () => {
    expect(normalizeExpertise([' a ', '', 'A', 'b'])).toEqual(['a', 'b']);
  });
});

describe('cleanListEntries', () => {
  it("drops entries whose every field is empty, 'none' or 'n/a' in any case", () => {
    const cleaned = cleanListEntries([
      { school: '', degree: 'None', field: 'N/A', year: ' ' },
      { school: 'MIT', degree: 'n/a', field: '', year: '2020' },
      { name: 'NONE', issuer: 'n/A', year: undefined },
    ]);
    expect(cleaned).toEqual([{ school: 'MIT', degree: 'n/a', field: '', year: '2020' }]);
  });

  it('trims kept values', () => {
    expect(cleanListEntries([{ name: '  Poster  ', description: '' }])).toEqual([{ name: 'Poster', description: '' }]);
  });
});

describe('buildOnboardingPayload', () => {
  it('joins the name and leaves out empty lists and empty optional fields', () => {
    const payload = buildOnboardingPayload({
      ...validForm(),
      expertise: [' Illustration ', 'illustration', 'Motion'],
      education: [{ school: 'none', degree: '', field: '', year: '' }],
      projects: [{ name: 'Zine', description: 'A zine', url: '' }],
    });
    expect(payload).toEqual({
      name: 'Ada Lovelace',
      bio: 'Illustrator',
      expertise: ['Illustration', 'Motion'],
      resume_url: 'http://host/api/files/r.pdf',
      work_authorization: 'citizen',
      citizenship: 'United Kingdom',
      city: 'London',
      country: 'United Kingdom',
      projects: [{ name: 'Zine', description: 'A zine', url: '' }],
    });
    expect(payload).not.toHaveProperty('education');
    expect(payload).not.toHaveProperty('phone');
  });
});

const profile = (over: Partial<ProfileFields> = {}): ProfileFields => ({
  name: 'Ada Lovelace',
  bio: null,
  expertise: ['Illustration'],
  position: null,
  skills: [],
  experience_years: null,
  education: [],
  work_experience: [{ company: 'Studio', title: 'Designer', startDate: '2020', endDate: 'Present', description: '' }],
  projects: [],
  publications: [],
  certifications: [],
  resume_url: '',
  work_authorization: null,
  citizenship: null,
  ...over,
});

describe('buildProfileSavePayload', () => {
  it('sends the whole profile but omits empty lists and an empty resume_url', () => {
    const payload = buildProfileSavePayload(profile({ bio: 'Hi', citizenship: 'France' }));
    expect(payload).toEqual({
      name: 'Ada Lovelace',
      bio: 'Hi',
      expertise: ['Illustration'],
      citizenship: 'France',
      work_experience: [
        { company: 'Studio', title: 'Designer', startDate: '2020', endDate: 'Present', description: '' },
      ],
    });
  });

  it('clears a list or resume URL the person emptied, instead of leaving the stored one in place', () => {
    const stored = profile({ bio: 'Hi', resume_url: 'https://x.co/cv.pdf' });
    const edited = { ...stored, work_experience: [], resume_url: '' };
    const payload = buildProfileSavePayload(edited, stored);
    expect(payload.work_experience).toEqual([]);
    expect(payload.resume_url).toBeNull();
    expect(payload).not.toHaveProperty('education');
  });
});

describe('application wizard rules', () => {
  it('adds the Work Authorization step only when the profile has none', () => {
    expect(buildApplicationSteps({ work_authorization: null })).toEqual([
      'resume',
      'work_authorization',
      'availability',
      'equipment',
    ]);
    expect(buildApplicationSteps({ work_authorization: 'citizen' })).toEqual(['resume', 'availability', 'equipment']);
  });

  it('validates each step with the spec messages', () => {
    const state = {
      resumeUrl: '',
      workAuthorization: '' as const,
      citizenship: '',
      availabilityConfirmed: false,
      cameraReady: true,
      micReady: false,
    };
    expect(validateApplicationStep('resume', state)).toBe('Please upload your resume');
    expect(validateApplicationStep('resume', { ...state, resumeUrl: '/api/files/x' })).toBeNull();
    expect(validateApplicationStep('work_authorization', state)).toBe('Please select work authorization status');
    expect(validateApplicationStep('availability', state)).toBe('Please confirm your availability');
    expect(validateApplicationStep('equipment', state)).toBe('Please ensure your camera and microphone are working');
    expect(validateApplicationStep('equipment', { ...state, micReady: true })).toBeNull();
  });

  it("defaults the bio to 'Creative professional' and carries the wizard's answers", () => {
    const payload = buildApplicationPayload(profile(), {
      resumeUrl: '/api/files/cv.pdf',
      workAuthorization: 'work_visa',
      citizenship: '',
      availabilityConfirmed: true,
      cameraReady: false,
      micReady: false,
    });
    expect(payload.bio).toBe('Creative professional');
    expect(payload.resume_url).toBe('/api/files/cv.pdf');
    expect(payload.work_authorization).toBe('work_visa');
    expect(payload).not.toHaveProperty('citizenship');
  });

  it('adapts the availability text to the position type', () => {
    expect(availabilityTextFor('Part-time')).toContain('(Part-time)');
    expect(availabilityTextFor('')).toBe(DEFAULT_AVAILABILITY_TEXT);
  });

  it('blocks only in_progress, completed, under_review and approved interviews of this job and candidate', () => {
    const list = [
      { job_id: 'j1', candidate_id: 'u1', status: 'rejected' },
      { job_id: 'j2', candidate_id: 'u1', status: 'completed' },
      { job_id: 'j1', candidate_id: 'u2', status: 'approved' },
    ];
    expect(findBlockingInterview(list, 'j1', 'u1')).toBeUndefined();
    for (const status of ['in_progress', 'completed', 'under_review', 'approved']) {
      expect(findBlockingInterview([...list, { job_id: 'j1', candidate_id: 'u1', status }], 'j1', 'u1')).toBeTruthy();
    }
  });
});

describe('prefill and LinkedIn import', () => {
  it('fills only empty fields, never the e-mail, and reports what it filled', () => {
    const start = { ...emptyOnboardingForm('me@x.co'), firstName: 'Typed' };
    const { form, filled } = applyResumePrefill(start, {
      firstName: 'Parsed',
      lastName: 'Person',
      email: 'other@x.co',
      city: 'Paris',
      country: 'france',
      expertise: ['Figma', ' figma '],
      workExperience: [{ company: 'Acme', title: 'Designer', startDate: '2019', endDate: 'Present' }],
    });
    expect(form.firstName).toBe('Typed');
    expect(form.lastName).toBe('Person');
    expect(form.email).toBe('me@x.co');
    expect(form.country).toBe('France');
    expect(form.expertise).toEqual(['Figma']);
    expect(form.workExperience[0]).toMatchObject({ company: 'Acme', startDate: '2019', endDate: 'Present' });
    expect(filled).toEqual(expect.arrayContaining(['lastName', 'city', 'country', 'expertise', 'workExperience']));
    expect(filled).not.toContain('firstName');
  });

  it('maps the LinkedIn reply (work_experience, bio) into the form', () => {
    const { form } = applyLinkedinImport(emptyOnboardingForm(), {
      bio: 'Motion designer',
      work_experience: [{ company: 'Studio', title: 'Animator' }],
    });
    expect(form.bio).toBe('Motion designer');
    expect(form.workExperience).toHaveLength(1);
  });

  it("imports once, only for values containing 'linkedin.com'", () => {
    expect(shouldImportLinkedin('https://www.LinkedIn.com/in/ada', false)).toBe(true);
    expect(shouldImportLinkedin('https://www.linkedin.com/in/ada', true)).toBe(false);
    expect(shouldImportLinkedin('https://example.com', false)).toBe(false);
  });
});

describe('countries', () => {
  it('has about 195 unique names and a case-insensitive search', () => {
    expect(COUNTRIES.length).toBe(195);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(filterCountries('KINGDOM')).toEqual(['United Kingdom']);
    expect(filterCountries('cote')).toEqual(["Côte d'Ivoire"]);
    expect(filterCountries('zzz')).toEqual([]);
    expect(matchCountry('usa')).toBe('United States');
  });

  it('names the country in the verification stage messages', () => {
    expect(verificationStages('Canada').map((s) => s.progress)).toEqual([20, 40, 60, 80]);
    expect(verificationStages('Canada')[2]!.message).toContain('Canada');
  });
});
