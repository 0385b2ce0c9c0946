-- Talent search ranks without reading whole documents (decision 0166): the document's parts by
-- weight are kept beside it, the profile part for ts_rank, the résumé and interview parts with
-- GIN indexes that say "matched here" without reading a document. And the rating record (issue 26)
-- becomes searchable: gold error and agreement across every job.
ALTER TABLE "candidate_search" ADD COLUMN "rated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "gold_error" real;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "agreement" real;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "profile_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "resume_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "transcript_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
UPDATE candidate_search SET profile_document = ts_filter(document, '{a}'), resume_document = ts_filter(document, '{b}'),
                            transcript_document = ts_filter(document, '{c}');--> statement-breakpoint
CREATE INDEX "candidate_search_resume_document_idx" ON "candidate_search" USING gin ("resume_document");--> statement-breakpoint
CREATE INDEX "candidate_search_transcript_document_idx" ON "candidate_search" USING gin ("transcript_document");--> statement-breakpoint
-- Each candidate turn keeps its own parsed words (decision 0166), so that neither a new turn nor a
-- search's transcript snippets parse the candidate's earlier answers again: the search document's
-- interview part is the concatenation of the stored vectors (the newest 400 turns; a tsvector has a
-- size limit). The column is not in the drizzle schema on purpose: the app's reads of turns never
-- need it and should not carry it.
ALTER TABLE transcript_turns ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (CASE WHEN speaker = 'user' THEN to_tsvector('talent', text) END) STORED;--> statement-breakpoint
CREATE AGGREGATE talent_concat(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector, INITCOND = '');--> statement-breakpoint
-- As in 0002, with the document's parts kept apart as well as together, and the interview part
-- made of the turns' stored vectors.
CREATE OR REPLACE FUNCTION talent_refresh(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  profile_part tsvector;
  resume_part tsvector;
  transcript_part tsvector;
  notes_part tsvector;
  indexed boolean;
BEGIN
  IF uid IS NULL THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = uid AND u.role = 'candidate' AND u.deleted_at IS NULL) THEN
    DELETE FROM candidate_search WHERE user_id = uid;
    RETURN;
  END IF;
  SELECT setweight(to_tsvector('talent', concat_ws(' ', u.name, p.position, talent_words_text(p.skills),
                                                   talent_words_text(p.expertise))), 'A'),
         setweight(to_tsvector('talent', concat_ws(' ', left(rt.text, 200000), p.bio, p.summary,
                                                   talent_list_text(p.work_experience), talent_list_text(p.education),
                                                   talent_list_text(p.projects), talent_list_text(p.publications),
                                                   talent_list_text(p.certifications), p.city, p.country)), 'B'),
         setweight(coalesce((SELECT talent_concat(v.search_vector) FROM (
                               SELECT t.search_vector FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id
                                WHERE i.candidate_id = u.id AND t.speaker = 'user'
                                ORDER BY t.started_at DESC LIMIT 400) v), ''::tsvector), 'C'),
         setweight(to_tsvector('talent', coalesce(talent_notes_text(u.id), '')), 'D')
    INTO profile_part, resume_part, transcript_part, notes_part
    FROM users u
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN resume_texts rt ON rt.file_id = talent_resume_file(p.resume_url)
   WHERE u.id = uid;
  indexed := EXISTS (SELECT 1 FROM candidate_search WHERE user_id = uid);
  INSERT INTO candidate_search AS cs (user_id, name, headline, country, work_authorization, skills, skill_keys,
                                      best_score, decision, last_activity_at, document,
                                      profile_document, resume_document, transcript_document)
  SELECT u.id,
         coalesce(u.name, ''),
         p.position,
         nullif(p.country, ''),
         nullif(p.work_authorization, ''),
         coalesce(p.skills, '[]'::jsonb),
         ARRAY(SELECT DISTINCT lower(btrim(s)) FROM jsonb_array_elements_text(coalesce(p.skills, '[]'::jsonb)) s
               WHERE btrim(s) <> ''),
         (SELECT max((i.assessment ->> 'overall_score')::real) FROM interviews i
           WHERE i.candidate_id = u.id AND jsonb_typeof(i.assessment -> 'overall_score') = 'number'),
         coalesce((SELECT i.status FROM interviews i
                    WHERE i.candidate_id = u.id AND i.status IN ('approved', 'rejected')
                    ORDER BY i.decided_at DESC NULLS LAST LIMIT 1), 'none'),
         greatest(u.updated_at, p.updated_at,
                  (SELECT max(i.updated_at) FROM interviews i WHERE i.candidate_id = u.id)),
         profile_part || resume_part || transcript_part || notes_part,
         profile_part, resume_part, transcript_part
    FROM users u
    LEFT JOIN profiles p ON p.user_id = u.id
   WHERE u.id = uid
  ON CONFLICT (user_id) DO UPDATE SET
    name = excluded.name, headline = excluded.headline, country = excluded.country,
    work_authorization = excluded.work_authorization, skills = excluded.skills, skill_keys = excluded.skill_keys,
    best_score = excluded.best_score, decision = excluded.decision, last_activity_at = excluded.last_activity_at,
    document = excluded.document, profile_document = excluded.profile_document,
    resume_document = excluded.resume_document, transcript_document = excluded.transcript_document;
  -- A new row starts with the rating record it already has; afterwards the record is kept by the
  -- trigger on annotation_tasks, not recomputed on every profile save or interview turn.
  IF NOT indexed THEN PERFORM talent_refresh_record(uid); END IF;
END
$$;--> statement-breakpoint
-- One candidate's rating record across every job, as the quality report counts it (issue 26):
-- submitted ratings; mean absolute error against gold; the share of ratings within one point of
-- the median of the other raters of the same item (items nobody else rated do not count).
CREATE FUNCTION talent_refresh_record(uid uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE candidate_search cs
     SET rated_count = r.rated, gold_error = r.gold_error, agreement = r.agreement
    FROM (
      SELECT count(*)::int AS rated,
             (avg(abs(t.quality_rating - i.gold_rating)) FILTER (WHERE i.gold_rating IS NOT NULL))::real AS gold_error,
             (avg(CASE WHEN abs(t.quality_rating - o.median) <= 1 THEN 1 ELSE 0 END)
                FILTER (WHERE o.median IS NOT NULL))::real AS agreement
        FROM annotation_tasks t
        JOIN annotation_items i ON i.id = t.item_id
        LEFT JOIN LATERAL (
          SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x.quality_rating) AS median
            FROM annotation_tasks x
           WHERE x.item_id = t.item_id AND x.assignee_id <> uid AND x.status IN ('completed', 'reviewed')
             AND x.quality_rating IS NOT NULL) o ON true
       WHERE t.assignee_id = uid AND t.status IN ('completed', 'reviewed') AND t.quality_rating IS NOT NULL
    ) r
   WHERE cs.user_id = uid
$$;--> statement-breakpoint
-- A rating submitted, reviewed or changed moves the record of its rater and of the item's other
-- raters (their agreement is measured against it). Only submitted tasks (before or after the
-- update) are looked at: distribution and assignment, which update thousands of unstarted tasks at
-- once, refresh nobody. (Transition tables have no index: joining old rows to new ones by id made
-- a distribution of 30,000 tasks take minutes.)
CREATE FUNCTION talent_refresh_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM talent_refresh_record(r.assignee_id) FROM (
    SELECT DISTINCT t.assignee_id FROM annotation_tasks t
     WHERE t.assignee_id IS NOT NULL AND t.item_id IN (
       SELECT n.item_id FROM changed_tasks n WHERE n.status IN ('completed', 'reviewed')
       UNION
       SELECT o.item_id FROM previous_tasks o WHERE o.status IN ('completed', 'reviewed'))
  ) r;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER talent_records AFTER UPDATE ON annotation_tasks
  REFERENCING OLD TABLE AS previous_tasks NEW TABLE AS changed_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION talent_refresh_records();--> statement-breakpoint
SELECT talent_refresh_record(user_id) FROM candidate_search;--> statement-breakpoint
-- Search reads the GIN indexes with a short pending list (decision 0166): new entries wait in an
-- unsorted list that every search scans in full until it is merged, by a vacuum (the embedded
-- database never vacuums by itself) or by the write that fills it. At the default 4 MB, pending
-- trigrams cost a name search 12 ms; without the list, each search-row write inserts its ~2,000
-- entries one by one. 256 kB keeps both small.
ALTER INDEX candidate_search_document_idx SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX candidate_search_resume_document_idx SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX candidate_search_transcript_document_idx SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX candidate_search_name_trgm_idx SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX candidate_search_skill_keys_idx SET (gin_pending_list_limit = 256);--> statement-breakpoint
SELECT gin_clean_pending_list('candidate_search_document_idx'::regclass), gin_clean_pending_list('candidate_search_resume_document_idx'::regclass), gin_clean_pending_list('candidate_search_transcript_document_idx'::regclass), gin_clean_pending_list('candidate_search_name_trgm_idx'::regclass), gin_clean_pending_list('candidate_search_skill_keys_idx'::regclass);
