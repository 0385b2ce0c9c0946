// The talent bench's people (decision 0165): synthetic candidates with profiles, résumé text and two
// interview transcripts each (~2,000 words a person), written straight into the database in batches.
import crypto from 'node:crypto';
import type { DatabaseHandle } from '../../apps/server/src/db/client';

/* Synthetic people ------------------------------------------------------------------------------ */

let randState = 42;
const rand = () => (randState = (randState * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const some = <T>(list: readonly T[], n: number) => Array.from({ length: n }, () => pick(list));

const FIRST = [
  'Anna',
  'Bruno',
  'Chloé',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kenji',
  'Lea',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Yara',
  'Zoë',
];
const LAST = [
  'Moreau',
  'Keller',
  'Dubois',
  'Smith',
  'Tremblay',
  'Haddad',
  'Nguyen',
  'Garcia',
  'Kowalski',
  'Okafor',
  'Rossi',
  'Larsen',
  'Ito',
  'Silva',
  'Novak',
  'Schmidt',
  'Brown',
  'Martin',
  'Lopez',
  'Ahmed',
];
const ROLES = [
  'Jewelry photographer',
  'Product photographer',
  'Illustrator',
  'Motion designer',
  'Retoucher',
  'UX designer',
  'Copywriter',
  'Video editor',
  '3D artist',
  'Art director',
  'Fashion stylist',
  'Colorist',
];
const SKILLS = [
  'Capture One',
  'Lightroom',
  'Photoshop',
  'Figma',
  'After Effects',
  'Cinema 4D',
  'Blender',
  'Procreate',
  'Premiere Pro',
  'DaVinci Resolve',
  'Illustrator',
  'InDesign',
  'Sketch',
  'Houdini',
  'Nuke',
  'Final Cut Pro',
  'Typography',
  'Color grading',
  'Focus stacking',
  'Studio lighting',
];
const COUNTRIES = [
  'Canada',
  'United States',
  'France',
  'Germany',
  'United Kingdom',
  'India',
  'Brazil',
  'Japan',
  'Spain',
  'Nigeria',
  'Poland',
  'Mexico',
];
const AUTH = ['citizen', 'permanent_resident', 'work_visa', 'need_sponsorship'];
const CLIENTS = [
  'Cartier',
  'Tiffany',
  'Nike',
  'Spotify',
  'Airbnb',
  'Netflix',
  'IKEA',
  'Lego',
  'Boucheron',
  'Patagonia',
  'Pixar',
  'Vogue',
];
const WORDS =
  'the client wanted a clean look so we shot tethered and adjusted the lights between every frame then I retouched the dust and balanced the colors before delivery we reviewed the layout with the art director and changed the typography to make the headline read faster my process starts with references then rough sketches then a first pass that I test with users I measured the result and the conversion rate went up by twelve percent in a month the deadline was tight so I built templates for the repeated shots and the team reused them across the campaign macro lens focus stacking diffusion panel reflector softbox gradient mood board storyboard keyframe render pipeline texture lighting rig compositing export settings brand guidelines accessibility contrast grid system kerning'.split(
    ' ',
  );
// Everyday speech: a Zipf-distributed vocabulary of 20,000 made-up words (the long tail real text has),
// with the trade's own words above mixed in at one token in eight.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ter',
  'san',
  'vo',
  'ri',
  'den',
  'pa',
  'lu',
  'mor',
  'ex',
  'al',
  'bi',
  'tan',
  'ce',
  'ro',
  'fu',
  'nel',
  'gar',
];
const VOCABULARY = Array.from({ length: 20_000 }, (_, i) => {
  let word = '';
  for (let n = i + 400; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const ZIPF = (() => {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= VOCABULARY.length; rank++) cumulative.push((total += 1 / rank ** 1.07));
  return cumulative.map((c) => c / total);
})();
const everydayWord = () => {
  const r = rand();
  let lo = 0;
  let hi = ZIPF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ZIPF[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
};
// Each person's trade words are a dozen of the list, not all of it: a term such as "storyboard" is in
// some people's answers, not in everyone's.
const sentence = (n: number, trade: readonly string[]) =>
  Array.from({ length: n }, () => (rand() < 0.125 ? pick(trade) : everydayWord())).join(' ');

function person(i: number) {
  const skills = [...new Set(some(SKILLS, 3 + Math.floor(rand() * 4)))];
  const role = pick(ROLES);
  const trade = some(WORDS, 12);
  return {
    name: `${pick(FIRST)} ${pick(LAST)}`,
    email: `p${i}@bench.test`,
    role,
    skills,
    country: pick(COUNTRIES),
    auth: pick(AUTH),
    bio: `${role} working with ${pick(CLIENTS)} and ${pick(CLIENTS)}. ${sentence(40, trade)}`,
    experience: [{ company: pick(CLIENTS), title: role, description: sentence(30, trade) }],
    resume: `${role}. Clients: ${some(CLIENTS, 3).join(', ')}. Skills: ${skills.join(', ')}. ${sentence(350, trade)}`,
    // Two interviews of four answers, ~1,600 words of the candidate's own speech.
    answers: Array.from({ length: 8 }, () => `I used ${pick(skills)} for ${pick(CLIENTS)}. ${sentence(190, trade)}`),
    score: rand() < 0.6 ? Math.round((2 + rand() * 3) * 10) / 10 : null,
  };
}

/** Writes `count` people, then builds their search documents once and prints how long both took. */
export async function seedPeople(database: DatabaseHandle, count: number) {
  const q = (text: string, params?: unknown[]) => database.query(text, params);
  const started = Date.now();
  // Bulk load with the search triggers off, then one refresh per person (what the migration does
  // for existing rows); a live system refreshes row by row.
  await q(`SET session_replication_role = replica`);
  // A person's two interviews are for two jobs: one application per candidate and job (decision 0169).
  const jobIds = (
    (
      await q(
        `INSERT INTO jobs (title, description, position_type)
         VALUES ('Bench job', 'Bench', 'Contract'), ('Bench job 2', 'Bench', 'Contract') RETURNING id`,
      )
    ).rows as { id: string }[]
  ).map((job) => job.id);
  const BATCH = 250;
  for (let from = 0; from < count; from += BATCH) {
    const people = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => person(from + k));
    const ids = people.map(() => crypto.randomUUID());
    const fileIds = people.map(() => crypto.randomUUID());
    const json = (v: unknown) => JSON.stringify(v);
    await q(
      `INSERT INTO users (id, email, password_hash, name, role, profile_completed)
       SELECT id, email, 'x', name, 'candidate', true FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, email text, name text)`,
      [json(people.map((p, k) => ({ id: ids[k], email: p.email, name: p.name })))],
    );
    await q(
      `INSERT INTO files (id, storage_key, owner_id, purpose, content_type, size_bytes)
       SELECT id, 'bench/' || id, owner, 'resume', 'application/pdf', 1000 FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, owner uuid)`,
      [json(fileIds.map((id, k) => ({ id, owner: ids[k] })))],
    );
    await q(
      `INSERT INTO resume_texts (file_id, text) SELECT id, text FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, text text)`,
      [json(people.map((p, k) => ({ id: fileIds[k], text: p.resume })))],
    );
    await q(
      `INSERT INTO profiles (user_id, bio, position, skills, expertise, country, work_authorization, work_experience, resume_url)
       SELECT id, bio, position, skills, skills, country, auth, experience, '/api/files/' || file
         FROM jsonb_to_recordset($1::jsonb)
           AS r(id uuid, bio text, position text, skills jsonb, country text, auth text, experience jsonb, file uuid)`,
      [
        json(
          people.map((p, k) => ({
            id: ids[k],
            bio: p.bio,
            position: p.role,
            skills: p.skills,
            country: p.country,
            auth: p.auth,
            experience: p.experience,
            file: fileIds[k],
          })),
        ),
      ],
    );
    const interviewRows = people.flatMap((p, k) =>
      [0, 1].map((n) => ({
        id: crypto.randomUUID(),
        job: jobIds[n],
        candidate: ids[k],
        score: n === 0 ? p.score : null,
        answers: p.answers.slice(n * 4, n * 4 + 4),
      })),
    );
    await q(
      `INSERT INTO interviews (id, job_id, candidate_id, status, assessment, started_at, completed_at)
       SELECT id, job, candidate, 'under_review', CASE WHEN score IS NULL THEN NULL ELSE jsonb_build_object('overall_score', score) END,
              now() - interval '2 days', now() - interval '2 days' + interval '20 minutes'
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, job uuid, candidate uuid, score real)`,
      [json(interviewRows)],
    );
    await q(
      `INSERT INTO transcript_turns (interview_id, seq, speaker, text, started_at, ended_at, offset_seconds)
       SELECT interview, seq, speaker, text, now(), now(), seq * 45 FROM jsonb_to_recordset($1::jsonb)
           AS r(interview uuid, seq int, speaker text, text text)`,
      [
        json(
          interviewRows.flatMap((iv) =>
            iv.answers.flatMap((a, n) => [
              { interview: iv.id, seq: n * 2, speaker: 'ai', text: 'Tell me about a project you are proud of.' },
              { interview: iv.id, seq: n * 2 + 1, speaker: 'user', text: a },
            ]),
          ),
        ),
      ],
    );
  }
  await q(`SET session_replication_role = DEFAULT`);
  const loaded = Date.now();
  await q(`SELECT talent_refresh(id) FROM users WHERE role = 'candidate'`);
  await q(`ANALYZE`);
  const indexed = (await q(`SELECT count(*)::int AS n, avg(length(document))::int AS lexemes FROM candidate_search`))
    .rows[0] as { n: number; lexemes: number };
  console.log(
    `  seeded ${count} people in ${((loaded - started) / 1000).toFixed(1)} s, indexed ${indexed.n} (avg ${indexed.lexemes} lexemes) in ${((Date.now() - loaded) / 1000).toFixed(1)} s`,
  );
}
