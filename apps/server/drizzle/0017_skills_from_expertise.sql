-- Issue 34 item 12: the web keeps a candidate's skills in profiles.expertise (onboarding's "Add skill",
-- the résumé prefill); profiles.skills is only filled by older clients. The search row's skills and
-- skill_keys (the Skills facet and filter) now take both, each skill once (decision 0189).
CREATE OR REPLACE FUNCTION talent_skill_list(skills jsonb, expertise jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN jsonb_typeof(skills) = 'array' THEN skills ELSE '[]'::jsonb END)
      || (CASE WHEN jsonb_typeof(expertise) = 'array' THEN expertise ELSE '[]'::jsonb END)
$$;--> statement-breakpoint
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
         (SELECT coalesce(jsonb_agg(d.s ORDER BY d.o), '[]'::jsonb) FROM (
            SELECT DISTINCT ON (lower(btrim(e.s))) btrim(e.s) AS s, e.o
              FROM jsonb_array_elements_text(talent_skill_list(p.skills, p.expertise)) WITH ORDINALITY AS e(s, o)
             WHERE btrim(e.s) <> ''
             ORDER BY lower(btrim(e.s)), e.o) d),
         ARRAY(SELECT DISTINCT lower(btrim(s)) FROM jsonb_array_elements_text(talent_skill_list(p.skills, p.expertise)) s
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
SELECT talent_refresh(u.id) FROM users u WHERE u.role = 'candidate' AND u.deleted_at IS NULL;
