// The talent bench's measurements (decision 0166), printed as they are taken: GET /api/admin/talent over
// 20 realistic searches (facets and snippets included), the snippets' share, the time from a profile save
// to the change being found, and the plans of the search itself.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/db/client';
import type { buildApp } from '../../apps/server/src/app';
import { snippetsFor } from '../../apps/server/src/talent/snippets';
import { parseSearchText } from '../../apps/server/src/talent/query-text';
import { searchQuery, throughIndexes } from '../../apps/server/src/talent/search';
import { rows } from '../../apps/server/src/db/raw-sql';
import { talentSearchQuerySchema } from '@app/shared';

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

/** Every measurement on a seeded database, through the app signed in as an admin with `token`. */
export async function measureSearch(
  database: DatabaseHandle,
  app: Awaited<ReturnType<typeof buildApp>>,
  token: string,
  rounds: number,
) {
  const get = (query: string) =>
    app.inject({ method: 'GET', url: `/api/admin/talent?${query}`, headers: { authorization: `Bearer ${token}` } });

  // One untimed pass (the first call of each plan), then rounds timed passes.
  const totals: number[] = [];
  for (const query of QUERIES) {
    const res = await get(query);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
    totals.push(res.json().total);
  }
  const times: number[] = [];
  const perQuery = QUERIES.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++)
    for (const [i, query] of QUERIES.entries()) {
      const t0 = performance.now();
      await get(query);
      const ms = performance.now() - t0;
      times.push(ms);
      perQuery[i]!.push(ms);
    }
  console.log(
    `  search (${QUERIES.length} queries x ${rounds}, facets and snippets included): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; load average ${os.loadavg()[0]!.toFixed(2)}`,
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
}
