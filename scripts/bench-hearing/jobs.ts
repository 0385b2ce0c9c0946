// The word-error set of `npm run bench:hearing`: five kinds of job with their own vocabulary, and
// answers a candidate might give. Written before any measurement and never tuned on: changing them
// after seeing results would measure the set, not the recognizer. `terms` are the job's words each
// answer says (the share of them heard is reported).
import type { JobText } from '../../apps/server/src/interview/recognition/job-model';

export type BenchJob = { job: JobText; answers: { text: string; terms: string[] }[] };

export const JOBS: BenchJob[] = [
  {
    job: {
      title: 'Video Editor',
      description:
        'Cut short documentaries and social ads. You will edit in DaVinci Resolve or Premiere Pro, build titles in After Effects, and deliver color graded masters.',
      skills: [
        { name: 'DaVinci Resolve', description: 'Editing, color grading and the Fairlight audio page' },
        { name: 'Premiere Pro', description: 'Multicam editing and proxies' },
        { name: 'After Effects', description: 'Titles, motion graphics and keying' },
      ],
      customQuestions: ['How do you organize footage before the first cut?', 'Describe your color grading process.'],
    },
    answers: [
      { text: 'I organize the footage into bins by scene before I start the first cut.', terms: ['footage', 'bins'] },
      {
        text: 'Most of my grading happens in DaVinci Resolve with a few nodes per shot.',
        terms: ['DaVinci Resolve', 'nodes'],
      },
      {
        text: 'For titles I build the animation in After Effects and bring it back into Premiere Pro.',
        terms: ['After Effects', 'Premiere Pro'],
      },
      { text: 'I always make proxies when the camera files are very large.', terms: ['proxies'] },
    ],
  },
  {
    job: {
      title: 'Bookkeeper',
      description:
        'Keep the books for small businesses: reconcile bank accounts, categorize expenses in QuickBooks and Xero, and prepare monthly profit and loss reports.',
      skills: [
        { name: 'QuickBooks', description: 'Bank feeds, reconciliation and invoicing' },
        { name: 'Xero', description: 'Bills, payroll and reporting' },
        { name: 'Accounts payable', description: 'Vendor bills and payment runs' },
      ],
      customQuestions: ['How do you handle a reconciliation that does not balance?'],
    },
    answers: [
      {
        text: 'When a reconciliation does not balance I compare every bank line with the ledger.',
        terms: ['reconciliation', 'ledger'],
      },
      { text: 'I have used QuickBooks for six years and Xero for about two.', terms: ['QuickBooks', 'Xero'] },
      {
        text: 'Every month I prepare the profit and loss report and send it to the owner.',
        terms: ['profit and loss'],
      },
      {
        text: 'I run accounts payable every Friday and check each vendor invoice first.',
        terms: ['accounts payable', 'invoice'],
      },
    ],
  },
  {
    job: {
      title: 'UX Designer',
      description:
        'Design flows and interfaces for a mobile banking app. Wireframes and prototypes in Figma, usability testing with real customers, and a shared design system.',
      skills: [
        { name: 'Figma', description: 'Components, auto layout and interactive prototypes' },
        { name: 'Usability testing', description: 'Moderated sessions and findings reports' },
        { name: 'Design systems', description: 'Tokens, components and documentation' },
      ],
      customQuestions: ['Tell me about a usability test that changed your design.'],
    },
    answers: [
      { text: 'I sketch the flow first and then build wireframes in Figma.', terms: ['wireframes', 'Figma'] },
      { text: 'In one usability test five customers could not find the transfer button.', terms: ['usability test'] },
      {
        text: 'Our design system has tokens for color and spacing and a library of components.',
        terms: ['design system', 'tokens', 'components'],
      },
      { text: 'I make an interactive prototype so the developers can see every state.', terms: ['prototype'] },
    ],
  },
  {
    job: {
      title: 'Backend Engineer',
      description:
        'Build and run APIs for an online store. We use TypeScript on Node.js, PostgreSQL, Redis for caching and Docker containers deployed on Kubernetes.',
      skills: [
        { name: 'TypeScript', description: 'Typed services and shared contracts' },
        { name: 'PostgreSQL', description: 'Schema design, indexes and migrations' },
        { name: 'Kubernetes', description: 'Deployments, health checks and scaling' },
      ],
      customQuestions: ['How would you find a slow database query?'],
    },
    answers: [
      {
        text: 'I write most of my services in TypeScript and test them before every deploy.',
        terms: ['TypeScript', 'deploy'],
      },
      {
        text: 'To find a slow query I look at the plan in PostgreSQL and add an index.',
        terms: ['PostgreSQL', 'index'],
      },
      { text: 'We cache the product pages in Redis for about a minute.', terms: ['Redis', 'cache'] },
      {
        text: 'Each service runs in Docker and Kubernetes restarts it when the health check fails.',
        terms: ['Docker', 'Kubernetes', 'health check'],
      },
    ],
  },
  {
    job: {
      title: 'Sound Designer',
      description:
        'Create sound effects and ambiences for mobile games. Record foley, edit and mix in Pro Tools or Reaper, and implement sounds with Wwise.',
      skills: [
        { name: 'Pro Tools', description: 'Editing and mixing' },
        { name: 'Wwise', description: 'Implementing sounds in the game engine' },
        { name: 'Foley', description: 'Recording footsteps, cloth and props' },
      ],
      customQuestions: ['How do you keep a game mix clear when many sounds play at once?'],
    },
    answers: [
      { text: 'I record my own foley with a small microphone in a quiet room.', terms: ['foley', 'microphone'] },
      { text: 'I edit and mix everything in Reaper and sometimes in Pro Tools.', terms: ['Reaper', 'Pro Tools'] },
      { text: 'In Wwise I set priorities so the important sounds are never lost.', terms: ['Wwise', 'priorities'] },
      { text: 'For ambiences I layer wind and birds and keep the mix quiet.', terms: ['ambiences', 'mix'] },
    ],
  },
];

/** Ordinary speech about nothing in any job: the job models must not hear it worse. */
export const ORDINARY = [
  'We went to the beach last summer and the weather was lovely.',
  'My brother is learning to cook and he made soup for dinner.',
  'I usually read a book on the train on my way home.',
  'The children played in the park until it started to rain.',
  'Can you tell me where the nearest post office is?',
  'I think we should leave early tomorrow to avoid the traffic.',
];
