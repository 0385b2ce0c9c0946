import { describe, expect, it } from 'vitest';
import {
  applicationChecklist,
  fitTokens,
  interviewForJob,
  interviewTypeName,
  isListedJob,
  matchesSearch,
  ownInterviews,
  parsePay,
  payPerHourLongText,
  payPerHourText,
  postedTimeText,
  prettify,
  sortJobs,
  type MarketplaceJob,
} from '../src';

const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('postedTimeText', () => {
  it.each([
    ['0 seconds', 0, 'Posted just now'],
    ['59 minutes', 59 * MIN, 'Posted just now'],
    ['in the future (clock skew)', -5 * HOUR, 'Posted just now'],
    ['exactly 1 hour', HOUR, 'Posted 1 hour ago'],
    ['1 h 59 min', 2 * HOUR - MIN, 'Posted 1 hour ago'],
    ['2 hours', 2 * HOUR, 'Posted 2 hours ago'],
    ['23 h 59 min', DAY - MIN, 'Posted 23 hours ago'],
    ['exactly 1 day', DAY, 'Posted 1 day ago'],
    ['1 day 23 h', 2 * DAY - HOUR, 'Posted 1 day ago'],
    ['2 days', 2 * DAY, 'Posted 2 days ago'],
    ['29 days', 29 * DAY + 23 * HOUR, 'Posted 29 days ago'],
    ['30 days', 30 * DAY, 'Posted a month ago'],
    ['59 days', 59 * DAY + 23 * HOUR, 'Posted a month ago'],
    ['60 days', 60 * DAY, 'Posted 2 months ago'],
    ['89 days', 89 * DAY, 'Posted 2 months ago'],
    ['90 days', 90 * DAY, 'Posted 3 months ago'],
    ['400 days', 400 * DAY, 'Posted 13 months ago'],
  ])('%s → %s', (_label, ms, expected) => {
    expect(postedTimeText(ago(ms), NOW)).toBe(expected);
  });

  it('treats an unparseable date as just now', () => {
    expect(postedTimeText('not a date', NOW)).toBe('Posted just now');
  });
});

describe('parsePay and pay texts', () => {
  it.each([
    [25, 25],
    [25.5, 25.5],
    ['25', 25],
    ['$25', 25],
    ['$1,200.50/hr', 1200.5],
    ['USD 30', 30],
    ['€ 42.75 per hour', 42.75],
    ['', null],
    ['negotiable', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ] as const)('parsePay(%j) = %j', (input, expected) => {
    expect(parsePay(input)).toBe(expected);
  });

  it.each([
    [25, '$25/hr', '$25 per hour'],
    [25.5, '$25.50/hr', '$25.50 per hour'],
    ['$1200', '$1,200/hr', '$1,200 per hour'],
    [null, null, null],
  ] as const)('pay %j shows %j and %j', (pay, card, detail) => {
    expect(payPerHourText(pay)).toBe(card);
    expect(payPerHourLongText(pay)).toBe(detail);
  });
});

const job = (id: string, over: Partial<MarketplaceJob> = {}): MarketplaceJob => ({
  id,
  title: `Job ${id}`,
  description: '',
  position_type: 'Contract',
  pay_per_hour: null,
  created_at: ago(0),
  status: 'active',
  skills: [],
  ...over,
});

describe('listing and search', () => {
  it.each([
    ['active', true],
    ['pending', true],
    ['completed', false],
    ['archived', false],
  ])('a %s job is listed: %s', (status, listed) => {
    expect(isListedJob({ status })).toBe(listed);
  });

  const j = job('s', { title: 'Video Editor', description: 'Cut TRAILERS for films', position_type: 'Part-time' });
  it.each([
    ['', true],
    ['   ', true],
    ['video', true],
    ['VIDEO EDITOR', true],
    ['trailers', true],
    ['part-TIME', true],
    ['  editor  ', true],
    ['illustrator', false],
  ])('query %j matches: %s', (q, expected) => {
    expect(matchesSearch(j, q)).toBe(expected);
  });
});

describe('sortJobs', () => {
  const old = job('old', { created_at: ago(10 * DAY), pay_per_hour: '$40' });
  const mid = job('mid', { created_at: ago(5 * DAY), pay_per_hour: 55 });
  const fresh = job('fresh', { created_at: ago(HOUR), pay_per_hour: null });
  const tie = job('tie', { created_at: ago(2 * DAY), pay_per_hour: '40.00' });
  const all = [old, mid, fresh, tie];
  const ids = (list: MarketplaceJob[]) => list.map((x) => x.id);

  it.each([
    ['newest', ['fresh', 'tie', 'mid', 'old']],
    ['trending', ['fresh', 'tie', 'mid', 'old']],
    // Numeric pay, strings parsed; equal pay falls back to newest; no pay last.
    ['most_pay', ['mid', 'tie', 'old', 'fresh']],
  ] as const)('%s orders %j', (mode, expected) => {
    expect(ids(sortJobs(all, mode))).toEqual(expected);
  });

  it('does not modify its input', () => {
    const input = [...all];
    sortJobs(input, 'most_pay');
    expect(ids(input)).toEqual(['old', 'mid', 'fresh', 'tie']);
  });

  describe('job_fit', () => {
    const illustration = job('illu', {
      title: 'Children’s Book Illustrator',
      description: 'Rate digital illustrations for picture books.',
      skills: [{ name: 'Procreate' }],
      created_at: ago(3 * DAY),
    });
    const motion = job('motion', {
      title: 'Motion Design Reviewer',
      description: 'Review motion design and animation in After Effects.',
      skills: [{ name: 'After Effects' }],
      created_at: ago(2 * DAY),
    });
    const audio = job('audio', {
      title: 'Podcast Audio Rater',
      description: 'Rate audio mixes and design notes.',
      created_at: ago(DAY),
    });
    const jobs = [illustration, motion, audio];

    it.each([
      ['an illustrator', { expertise: ['Illustration'], skills: ['Procreate'], position: 'Illustrator' }, 'illu'],
      [
        'a motion designer',
        { expertise: ['Animation'], skills: ['After Effects'], position: 'Motion designer' },
        'motion',
      ],
      ['a sound engineer', { expertise: ['Podcast editing'], skills: ['Audio mixing'], position: null }, 'audio'],
    ])('puts the best match first for %s', (_who, candidate, first) => {
      expect(sortJobs(jobs, 'job_fit', candidate)[0]!.id).toBe(first);
    });

    it('ranks a title match above a description-only match', () => {
      const titleHit = job('title', { title: 'Typography critic', created_at: ago(5 * DAY) });
      const descHit = job('desc', { title: 'Reviewer', description: 'Some typography.', created_at: ago(DAY) });
      expect(ids(sortJobs([descHit, titleHit], 'job_fit', { skills: ['typography'] }))).toEqual(['title', 'desc']);
    });

    it('weighs a rare shared word above a word every job has', () => {
      const a = job('a', { title: 'Design reviewer', description: 'design', created_at: ago(DAY) });
      const b = job('b', { title: 'Design branding', description: 'design', created_at: ago(2 * DAY) });
      expect(sortJobs([a, b], 'job_fit', { expertise: ['design', 'branding'] })[0]!.id).toBe('b');
    });

    it('falls back to newest when nothing matches or there is no profile', () => {
      expect(ids(sortJobs(jobs, 'job_fit', { skills: ['knitting'] }))).toEqual(['audio', 'motion', 'illu']);
      expect(ids(sortJobs(jobs, 'job_fit'))).toEqual(['audio', 'motion', 'illu']);
    });
  });

  it.each([
    ['UI/UX Design', ['ui', 'ux', 'design']],
    ['Illustrations and the Logos', ['illustration', 'logo']],
    ['glass class', ['glass', 'class']],
    [null, []],
  ] as const)('fitTokens(%j) = %j', (text, expected) => {
    expect(fitTokens(text)).toEqual(expected);
  });
});

describe('interview type names', () => {
  it.each([
    ['standard', 'Standard interview'],
    ['human_data', 'Design critique & feedback exercise'],
    ['custom_questions', 'Custom questions only'],
    ['custom_exercise', 'Custom Creative Exercise'],
    ['portfolio_review', 'Portfolio review'],
    ['LIVE-demo', 'Live demo'],
    [null, 'Standard interview'],
  ])('%j → %s', (type, name) => {
    expect(interviewTypeName(type)).toBe(name);
  });

  it.each([
    ['a__b--c', 'A b c'],
    ['  ', ''],
    [undefined, ''],
  ])('prettify(%j) = %j', (value, expected) => {
    expect(prettify(value)).toBe(expected);
  });
});

describe('applicationChecklist', () => {
  const full = { resume_url: '/api/files/r', work_authorization: 'citizen' };
  it.each([
    ['nothing yet', null, null, 0, 0, 'Start Application'],
    ['resume only', { resume_url: '/r' }, null, 1, 25, 'Start Application'],
    ['resume + work authorization, no interview', full, null, 2, 50, 'Start Application'],
    ['an interview in progress', full, { id: 'i1', status: 'in_progress' }, 3, 75, 'Continue Application'],
    [
      'a scheduled interview without profile data',
      {},
      { id: 'i1', status: 'scheduled' },
      1,
      25,
      'Continue Application',
    ],
    ['a completed interview', full, { id: 'i1', status: 'completed' }, 4, 100, 'View Application Status'],
    ['an approved interview', full, { id: 'i1', status: 'approved' }, 4, 100, 'View Application Status'],
    ['a rejected interview', full, { id: 'i1', status: 'rejected' }, 4, 100, 'View Application Status'],
    ['under review', full, { id: 'i1', status: 'under_review' }, 4, 100, 'View Application Status'],
    [
      'completed but no resume',
      { work_authorization: 'x' },
      { id: 'i1', status: 'completed' },
      3,
      75,
      'Continue Application',
    ],
  ] as const)('%s: %i of 4 (%i%%), %s', (_label, profile, interview, n, percent, button) => {
    const c = applicationChecklist({ jobId: 'j 1', interviewType: 'human_data', profile, interview });
    expect(c.completed).toBe(n);
    expect(c.percent).toBe(percent);
    expect(c.summary).toBe(`${n} of 4 steps completed`);
    expect(c.button.label).toBe(button);
    expect(c.button.to).toBe(
      button === 'Start Application' ? '/job-application-onboarding?jobId=j%201' : '/status?interviewId=i1',
    );
  });

  it('names the steps, the interview step by interview type', () => {
    const c = applicationChecklist({ jobId: 'j', interviewType: 'custom_exercise', profile: null, interview: null });
    expect(c.steps.map((s) => s.label)).toEqual([
      'Resume',
      'Custom Creative Exercise',
      'Availability',
      'Work Authorization',
    ]);
  });

  it('counts availability once a completion time is recorded', () => {
    const c = applicationChecklist({
      jobId: 'j',
      interviewType: 'standard',
      profile: null,
      interview: { id: 'i', status: 'weird', completed_at: '2026-01-01T00:00:00Z' },
    });
    expect(c.steps[2]!.done).toBe(true);
  });
});

describe('own interviews and the interview for a job', () => {
  const list = [
    { id: 'a', candidate_id: 'me', job_id: 'j1', created_at: '2026-01-01T00:00:00Z' },
    { id: 'b', candidate_id: 'other', job_id: 'j1', created_at: '2026-03-01T00:00:00Z' },
    { id: 'c', candidate_id: 'me', job_id: 'j1', created_at: '2026-02-01T00:00:00Z' },
    { id: 'd', candidate_id: 'me', job_id: null, created_at: '2026-04-01T00:00:00Z' },
  ];
  it('keeps only the user’s interviews', () => {
    expect(ownInterviews(list, 'me').map((i) => i.id)).toEqual(['a', 'c', 'd']);
    expect(ownInterviews(list, null)).toEqual([]);
  });
  it.each([
    ['j1', 'c'],
    ['j2', null],
  ])('the interview for %s is %j (most recent)', (jobId, id) => {
    expect(interviewForJob(ownInterviews(list, 'me'), jobId)?.id ?? null).toBe(id);
  });
});
