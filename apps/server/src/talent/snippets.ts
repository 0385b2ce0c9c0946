/**
 * Why each result matched: highlighted fragments of the profile, the résumé, the candidate's own
 * interview turns (with the interview and the second the turn began) and the provider's notes.
 * Only for the first results of a page: ts_headline re-reads the source texts.
 */
import { sql } from 'drizzle-orm';
import type { TalentMatch } from '@app/shared';
import type { Db } from '../db/client';
import { GT, LT, MARK_END, MARK_START, markSnippet } from './query-text';
import { rows, sqlArray } from '../db/raw-sql';

/** Transcript fragments per person: the best two turns. */
const TURNS_PER_PERSON = 2;

// PostgreSQL's highlighter drops whatever looks like an HTML tag ("5 < 7 > 3" included): < and > go
// in as stand-ins and come back escaped. The markers and stand-ins a person may have typed are
// removed first, so that nobody can write a <mark> into their own text.
const clean = (column: ReturnType<typeof sql>) =>
  sql`translate(${column}, ${'<>' + LT + GT + MARK_START + MARK_END}, ${LT + GT})`;
const OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=22, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;

export async function snippetsFor(db: Db, ids: string[], anyTerms: string): Promise<Map<string, TalentMatch[]>> {
  const out = new Map<string, TalentMatch[]>();
  if (!ids.length) return out;
  const idList = sqlArray(ids, 'uuid');
  const query = sql`websearch_to_tsquery('talent', ${anyTerms})`;
  // Which stored parts of each person's document matched decides which texts are highlighted at
  // all: a long text that did not match is never parsed again (the parts are small or indexed; the
  // whole document is never read). Notes are short and always highlighted. A highlight without a
  // mark (the text matched by a word the highlighter cuts differently) is dropped.
  const headline = (source: ReturnType<typeof sql>, matched: ReturnType<typeof sql>) =>
    sql`CASE WHEN ${matched} THEN ts_headline('talent', ${clean(source)}, ${query}, ${OPTIONS}) END`;
  const inResume = sql`cs.resume_document @@ ${query}`;

  // The two reads are independent: on a PostgreSQL server they run side by side on two connections.
  const [sourceRows, turnRows] = await Promise.all([
    db.execute(sql`
      SELECT cs.user_id,
             ${headline(sql`s.profile`, sql`(cs.profile_document @@ ${query} OR ${inResume})`)} AS profile,
             ${headline(sql`s.resume`, inResume)} AS resume,
             ${headline(sql`s.note`, sql`true`)} AS note
        FROM candidate_search cs
        JOIN (
          SELECT u.id AS user_id,
                 concat_ws(' · ', u.name, p.position, talent_words_text(p.skills), talent_words_text(p.expertise),
                           p.bio, p.summary, talent_list_text(p.work_experience), talent_list_text(p.education),
                           talent_list_text(p.projects)) AS profile,
                 left(rt.text, 200000) AS resume,
                 talent_notes_text(u.id) AS note
            FROM users u
            LEFT JOIN profiles p ON p.user_id = u.id
            LEFT JOIN resume_texts rt ON rt.file_id = talent_resume_file(p.resume_url)
           WHERE u.id = ANY(${idList})
        ) s ON s.user_id = cs.user_id`),
    db.execute(sql`
      -- Each turn's words were parsed when it was stored (transcript_turns.search_vector, decision 0166).
      WITH turns AS MATERIALIZED (
        SELECT i.candidate_id, t.interview_id, t.offset_seconds, t.text, t.started_at, t.search_vector AS words
          FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id
         WHERE i.candidate_id = ANY(${idList}) AND t.speaker = 'user'
      )
      SELECT candidate_id, interview_id, offset_seconds,
             ts_headline('talent', ${clean(sql`text`)}, ${query}, ${OPTIONS}) AS snippet
        FROM (
          SELECT candidate_id, interview_id, offset_seconds, text,
                 row_number() OVER (PARTITION BY candidate_id ORDER BY ts_rank(words, ${query}) DESC, started_at) AS n
            FROM turns WHERE words @@ ${query}
        ) best
       WHERE n <= ${TURNS_PER_PERSON}
       ORDER BY candidate_id, n`),
  ]);
  const sources = rows<{ user_id: string; profile: string | null; resume: string | null; note: string | null }>(
    sourceRows,
  );
  const turns = rows<{ candidate_id: string; interview_id: string; offset_seconds: number; snippet: string }>(turnRows);

  const marked = (headline: string | null) => (headline?.includes(MARK_START) ? markSnippet(headline) : null);
  for (const s of sources) {
    const matches: TalentMatch[] = [];
    for (const [source, text] of [
      ['profile', s.profile],
      ['resume', s.resume],
      ['note', s.note],
    ] as const) {
      const snippet = marked(text);
      if (snippet) matches.push({ source, snippet });
    }
    out.set(s.user_id, matches);
  }

  for (const t of turns) {
    const list = out.get(t.candidate_id) ?? [];
    // Transcripts go after the profile and résumé, before the notes.
    const noteAt = list.findIndex((m) => m.source === 'note');
    const match: TalentMatch = {
      source: 'transcript',
      snippet: markSnippet(t.snippet),
      interview_id: t.interview_id,
      offset_seconds: t.offset_seconds,
    };
    if (noteAt === -1) list.push(match);
    else list.splice(noteAt, 0, match);
    out.set(t.candidate_id, list);
  }
  return out;
}
