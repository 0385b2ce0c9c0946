// Talent search benchmark (issue 28, decision 0165): seeds 10,000 candidates with profiles, résumé
// text and two interview transcripts each (~2,000 words a person), then times GET /api/admin/talent
// (facets and snippets included) over 20 realistic searches, the time from a profile save to the
// change being found, and prints the query plan of a search. Embedded PGlite, then the PostgreSQL
// server of DATABASE_URL when set (in a database made for the run and dropped after).
//   npm run bench:talent [-- --people 10000 --rounds 5]
// BENCH_DATA_DIR keeps the seeded embedded database between runs (seeding and indexing take minutes);
// a kept database is brought up to date by the migrations when it is opened.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { buildApp } from '../apps/server/src/app';
import { ensureAdmin } from '../apps/server/src/accounts/users';
import { snippetsFor } from '../apps/server/src/talent/snippets';
import { parseSearchText } from '../apps/server/src/talent/query-text';
import { searchQuery, throughIndexes } from '../apps/server/src/talent/search';
import { rows } from '../apps/server/src/db/raw-sql';
import { talentSearchQuerySchema } from '@app/shared';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PEOPLE = arg('people', 10_000);
const ROUNDS = arg('rounds', 5);
const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

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

async function seedPeople(database: DatabaseHandle) {
  const q = (text: string, params?: unknown[]) => database.query(text, params);
  const started = Date.now();
  // Bulk load with the search triggers off, then one refresh per person (what the migration does
  // for existing rows); a live system refreshes row by row.
  await q(`SET session_replication_role = replica`);
  const [{ id: jobId }] = (
    await q(
      `INSERT INTO jobs (title, description, position_type) VALUES ('Bench job', 'Bench', 'Contract') RETURNING id`,
    )
  ).rows as { id: string }[];
  const BATCH = 250;
  for (let from = 0; from < PEOPLE; from += BATCH) {
    const people = Array.from({ length: Math.min(BATCH, PEOPLE - from) }, (_, k) => person(from + k));
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
        candidate: ids[k],
        score: n === 0 ? p.score : null,
        answers: p.answers.slice(n * 4, n * 4 + 4),
      })),
    );
    await q(
      `INSERT INTO interviews (id, job_id, candidate_id, status, assessment, started_at, completed_at)
       SELECT id, $2, candidate, 'under_review', CASE WHEN score IS NULL THEN NULL ELSE jsonb_build_object('overall_score', score) END,
              now() - interval '2 days', now() - interval '2 days' + interval '20 minutes'
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, candidate uuid, score real)`,
      [json(interviewRows), jobId],
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
    `  seeded ${PEOPLE} people in ${((loaded - started) / 1000).toFixed(1)} s, indexed ${indexed.n} (avg ${indexed.lexemes} lexemes) in ${((Date.now() - loaded) / 1000).toFixed(1)} s`,
  );
}

const QUERIES = [
  'q=jewelry photographer',
  'q="capture one"',
  'q=capture one lightroom&country=Canada',
  'q=cartier',
  'q=focus stacking macro',
  'q=figma -sketch',
  'q=motion designer after effects',
  'q=typography or kerning',
  'q=Tiffany&min_score=4',
  'q=retoucher&skills=photoshop',
  'q=Zoe Moreau',
  'q=Jonas Keler',
  'q=conversion rate',
  'q=storyboard keyframe',
  'q=3D artist blender houdini',
  'skills=nuke,houdini',
  'country=Japan&min_score=3',
  '',
  'q=colorist davinci resolve&work_authorization=citizen',
  'q=brand guidelines accessibility contrast',
];

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function run(
  label: string,
  open: () => Promise<{ database: DatabaseHandle; drop: () => Promise<void>; seeded?: boolean; keep?: () => void }>,
) {
  console.log(`\n${label}`);
  const { database, drop, seeded, keep } = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-talent-'));
  try {
    if (seeded) console.log('  kept database: already seeded');
    else {
      await seedPeople(database);
      keep?.();
    }
    await ensureAdmin(database.db, ADMIN.email, ADMIN.password);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'silent',
      SEED_SAMPLE_JOBS: 'false',
      STT_JOB_MODELS: 'false',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).json().token as string;
    const get = (query: string) =>
      app.inject({ method: 'GET', url: `/api/admin/talent?${query}`, headers: { authorization: `Bearer ${token}` } });

    // One untimed pass (the first call of each plan), then ROUNDS timed passes.
    const totals: number[] = [];
    for (const query of QUERIES) {
      const res = await get(query);
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      totals.push(res.json().total);
    }
    const times: number[] = [];
    const perQuery = QUERIES.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, query] of QUERIES.entries()) {
        const t0 = performance.now();
        await get(query);
        const ms = performance.now() - t0;
        times.push(ms);
        perQuery[i]!.push(ms);
      }
    console.log(
      `  search (${QUERIES.length} queries x ${ROUNDS}, facets and snippets included): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    // Of that, the snippets (highlighting re-reads the texts of the page's first results).
    const snippetTimes: number[] = [];
    for (const query of QUERIES) {
      const text = new URLSearchParams(query).get('q');
      if (!text) continue;
      const ids = ((await get(query)).json() as { results: { candidate_id: string }[] }).results.map(
        (r) => r.candidate_id,
      );
      const t0 = performance.now();
      await snippetsFor(database.db, ids.slice(0, 10), parseSearchText(text).any);
      snippetTimes.push(performance.now() - t0);
    }
    console.log(
      `  of which snippets: p50 ${percentile(snippetTimes, 50).toFixed(1)} ms, p95 ${percentile(snippetTimes, 95).toFixed(1)} ms`,
    );
    for (const [i, query] of QUERIES.entries())
      console.log(
        `    ${(query || '(everyone)').padEnd(60)} ${String(totals[i]).padStart(6)} matches  median ${percentile(perQuery[i]!, 50).toFixed(1)} ms`,
      );

    // A profile save is searchable at once (the trigger writes the document in the same transaction).
    const [someone] = (await database.query(`SELECT user_id FROM profiles LIMIT 1`)).rows as { user_id: string }[];
    const word = `zebracorn${Date.now()}`;
    const t0 = performance.now();
    await database.db.execute(sql`UPDATE profiles SET bio = bio || ${` ${word}`} WHERE user_id = ${someone!.user_id}`);
    let found = 0;
    while (!found) found = (await get(`q=${word}`)).json().total;
    console.log(`  profile save to found by search: ${(performance.now() - t0).toFixed(1)} ms`);

    // The plans of the search itself (the one query of GET /api/admin/talent), as it runs: the
    // document questions must go through the GIN indexes, never a sequential scan of documents.
    for (const query of ['q=cartier', 'q="capture one"', 'q=Jonas Keler']) {
      const input = talentSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const plan = await throughIndexes(database.db, async (tx) =>
        rows<{ 'QUERY PLAN': string }>(
          await tx.execute(sql`EXPLAIN (COSTS off) ${searchQuery(input, parseSearchText(input.q!), 0)}`),
        ),
      );
      const lines = plan.map((r) => r['QUERY PLAN']);
      // The scans of candidate_search, with what they look up (the facets' CTE scans left out).
      const scans = lines.filter((l) => /Scan on candidate_search|Index Cond|Filter:/.test(l) && !/CTE Scan/.test(l));
      console.log(
        `  plan of the search ${query} (scans of candidate_search):\n${scans.map((l) => `    ${l}`).join('\n')}`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('Embedded PostgreSQL (PGlite)', async () => {
  const kept = process.env.BENCH_DATA_DIR;
  const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-talent-db-'));
  const marker = path.join(dir, 'seeded');
  const seeded = kept !== undefined && fs.existsSync(marker);
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    seeded,
    keep: () => kept && fs.writeFileSync(marker, ''),
    drop: async () => {
      if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
if (process.env.DATABASE_URL) {
  await run('PostgreSQL server (DATABASE_URL)', async () => {
    // With BENCH_DATA_DIR, the seeded database is kept too (under a fixed name) for the next run.
    const kept = process.env.BENCH_DATA_DIR;
    const name = kept ? 'bench_talent_kept' : `bench_talent_${crypto.randomBytes(4).toString('hex')}`;
    const marker = kept ? path.join(kept, 'pg-seeded') : null;
    const seeded = marker !== null && fs.existsSync(marker);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    if (!seeded) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      database: await openDatabase({ databaseUrl: url.toString(), dataDir: null }),
      seeded,
      keep: () => marker && fs.writeFileSync(marker, ''),
      drop: async () => {
        if (kept) return;
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  });
}
