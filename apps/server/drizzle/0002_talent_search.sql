-- Talent search (decision 0165). pg_trgm: typo-tolerant names; unaccent: "Zoë" is found as "Zoe".
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION talent (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION talent ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "candidate_search" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"headline" text,
	"country" text,
	"work_authorization" text,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skill_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"best_score" real,
	"decision" text DEFAULT 'none' NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_texts" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"last_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortlist_entries" (
	"job_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"added_by" uuid,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_entries_job_id_candidate_id_pk" PRIMARY KEY("job_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "talent_search_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"query" jsonb NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_search" ADD CONSTRAINT "candidate_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_texts" ADD CONSTRAINT "resume_texts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_search_log" ADD CONSTRAINT "talent_search_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_search_document_idx" ON "candidate_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "candidate_search_name_trgm_idx" ON "candidate_search" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidate_search_skill_keys_idx" ON "candidate_search" USING gin ("skill_keys");--> statement-breakpoint
CREATE INDEX "saved_searches_admin_idx" ON "saved_searches" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "talent_search_log_created_idx" ON "talent_search_log" USING btree ("created_at");--> statement-breakpoint
-- The values of a jsonb list of objects (experience, education, ...) as one text, keys left out.
CREATE FUNCTION talent_list_text(list jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(kv.value, ' '), '')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(list) = 'array' THEN list ELSE '[]'::jsonb END) AS e(item),
       jsonb_each_text(CASE WHEN jsonb_typeof(e.item) = 'object' THEN e.item ELSE '{}'::jsonb END) AS kv
$$;--> statement-breakpoint
-- The values of a jsonb list of strings (skills, expertise) as one text.
CREATE FUNCTION talent_words_text(list jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(w, ' '), '')
  FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(list) = 'array' THEN list ELSE '[]'::jsonb END) AS w
$$;--> statement-breakpoint
-- The uploaded file a profile's résumé link names (/api/files/<id>), or null for any other link.
CREATE FUNCTION talent_resume_file(resume_url text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(resume_url FROM '^/api/files/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$')::uuid
$$;--> statement-breakpoint
-- The provider's notes on a candidate: decision notes and the decisions' audit trail.
CREATE FUNCTION talent_notes_text(uid uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(n, ' · ') FROM (
    SELECT i.decision_note AS n FROM interviews i WHERE i.candidate_id = uid AND i.decision_note IS NOT NULL
    UNION ALL
    SELECT d.note FROM interview_decisions d JOIN interviews i ON i.id = d.interview_id
     WHERE i.candidate_id = uid AND d.note IS NOT NULL) notes
$$;--> statement-breakpoint
-- Rebuilds one candidate's search document from the rows it is made of, or removes it when the
-- account is gone, deleted or not a candidate. Weights: A name, headline, skills, expertise;
-- B résumé text and profile history; C the candidate's own interview turns; D provider notes.
CREATE FUNCTION talent_refresh(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF uid IS NULL THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = uid AND u.role = 'candidate' AND u.deleted_at IS NULL) THEN
    DELETE FROM candidate_search WHERE user_id = uid;
    RETURN;
  END IF;
  INSERT INTO candidate_search AS cs (user_id, name, headline, country, work_authorization, skills, skill_keys,
                                      best_score, decision, last_activity_at, document)
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
         setweight(to_tsvector('talent', concat_ws(' ', u.name, p.position, talent_words_text(p.skills),
                                                   talent_words_text(p.expertise))), 'A')
         || setweight(to_tsvector('talent', concat_ws(' ', left(rt.text, 200000), p.bio, p.summary,
                                                      talent_list_text(p.work_experience), talent_list_text(p.education),
                                                      talent_list_text(p.projects), talent_list_text(p.publications),
                                                      talent_list_text(p.certifications), p.city, p.country)), 'B')
         || setweight(to_tsvector('talent', coalesce(
              (SELECT left(string_agg(t.text, ' ' ORDER BY t.interview_id, t.seq), 400000)
                 FROM transcript_turns t JOIN interviews i ON i.id = t.interview_id
                WHERE i.candidate_id = u.id AND t.speaker = 'user'), '')), 'C')
         || setweight(to_tsvector('talent', coalesce(talent_notes_text(u.id), '')), 'D')
    FROM users u
    LEFT JOIN profiles p ON p.user_id = u.id
    LEFT JOIN resume_texts rt ON rt.file_id = talent_resume_file(p.resume_url)
   WHERE u.id = uid
  ON CONFLICT (user_id) DO UPDATE SET
    name = excluded.name, headline = excluded.headline, country = excluded.country,
    work_authorization = excluded.work_authorization, skills = excluded.skills, skill_keys = excluded.skill_keys,
    best_score = excluded.best_score, decision = excluded.decision, last_activity_at = excluded.last_activity_at,
    document = excluded.document;
END
$$;--> statement-breakpoint
CREATE FUNCTION talent_refresh_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM talent_refresh(NEW.id); RETURN NULL; END $$;--> statement-breakpoint
CREATE FUNCTION talent_refresh_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM talent_refresh(NEW.user_id); RETURN NULL; END $$;--> statement-breakpoint
CREATE FUNCTION talent_refresh_interview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM talent_refresh(OLD.candidate_id); ELSE PERFORM talent_refresh(NEW.candidate_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION talent_refresh_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM talent_refresh((SELECT candidate_id FROM interviews WHERE id = NEW.interview_id)); RETURN NULL; END $$;--> statement-breakpoint
CREATE FUNCTION talent_refresh_resume_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM talent_refresh((SELECT owner_id FROM files WHERE id = NEW.file_id)); RETURN NULL; END $$;--> statement-breakpoint
-- Transcript turns arrive one by one during a live interview and in bulk in seeding: once per statement.
CREATE FUNCTION talent_refresh_turns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM talent_refresh(c.candidate_id)
     FROM (SELECT DISTINCT i.candidate_id FROM changed_turns t JOIN interviews i ON i.id = t.interview_id) c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER talent_users AFTER INSERT OR UPDATE OF name, role, deleted_at ON users
  FOR EACH ROW EXECUTE FUNCTION talent_refresh_user();--> statement-breakpoint
CREATE TRIGGER talent_profiles AFTER INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION talent_refresh_profile();--> statement-breakpoint
CREATE TRIGGER talent_interviews AFTER INSERT OR DELETE OR UPDATE OF status, assessment, decision_note, candidate_id ON interviews
  FOR EACH ROW EXECUTE FUNCTION talent_refresh_interview();--> statement-breakpoint
CREATE TRIGGER talent_decisions AFTER INSERT ON interview_decisions
  FOR EACH ROW EXECUTE FUNCTION talent_refresh_decision();--> statement-breakpoint
CREATE TRIGGER talent_resume_texts AFTER INSERT OR UPDATE ON resume_texts
  FOR EACH ROW EXECUTE FUNCTION talent_refresh_resume_text();--> statement-breakpoint
CREATE TRIGGER talent_turns_insert AFTER INSERT ON transcript_turns
  REFERENCING NEW TABLE AS changed_turns FOR EACH STATEMENT EXECUTE FUNCTION talent_refresh_turns();--> statement-breakpoint
CREATE TRIGGER talent_turns_update AFTER UPDATE ON transcript_turns
  REFERENCING NEW TABLE AS changed_turns FOR EACH STATEMENT EXECUTE FUNCTION talent_refresh_turns();--> statement-breakpoint
CREATE TRIGGER talent_turns_delete AFTER DELETE ON transcript_turns
  REFERENCING OLD TABLE AS changed_turns FOR EACH STATEMENT EXECUTE FUNCTION talent_refresh_turns();--> statement-breakpoint
-- Everyone already stored.
SELECT talent_refresh(id) FROM users WHERE role = 'candidate' AND deleted_at IS NULL;
