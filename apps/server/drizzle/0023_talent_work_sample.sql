-- Talent search filters by work-sample accuracy (issue 46): each search row carries the work sample
-- of the candidate's latest finished interview that has one (rated items only), kept like the score:
-- when an interview's status or assessment changes (it finished, was assessed, decided) or it is
-- deleted. The ratings are written during the live interview; a sample counts once it is over.
ALTER TABLE "candidate_search" ADD COLUMN "work_sample_interview_id" uuid;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "work_sample_distance" real;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD COLUMN "work_sample_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A candidate's finished interviews with at least one rated work-sample item, newest first (n = 1),
-- with their figures. The one definition of "latest sample": the trigger keeps n = 1 in the row and
-- search falls back to the next ones while the latest is still blind (decision 0223).
CREATE FUNCTION talent_sample_interviews(uid uuid)
  RETURNS TABLE (interview_id uuid, job_id uuid, distance real, items integer, n bigint)
  LANGUAGE sql STABLE AS $$
  SELECT s.interview_id, s.job_id, s.distance, s.items,
         row_number() OVER (ORDER BY s.finished DESC NULLS LAST, s.created_at DESC, s.interview_id)
    FROM (SELECT i.id AS interview_id, i.job_id, i.completed_at AS finished, i.created_at,
                 avg(abs(w.rating - w.gold_rating))::real AS distance, count(*)::int AS items
            FROM interviews i
            JOIN interview_work_items w ON w.interview_id = i.id AND w.rating IS NOT NULL
           WHERE i.candidate_id = uid AND i.status IN ('completed', 'under_review', 'approved', 'rejected')
           GROUP BY i.id) s
   ORDER BY 5
$$;--> statement-breakpoint
CREATE FUNCTION talent_refresh_work_sample(uid uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE candidate_search cs
     SET work_sample_interview_id = s.interview_id, work_sample_distance = s.distance,
         work_sample_items = coalesce(s.items, 0)
    FROM (SELECT 1) one
    LEFT JOIN talent_sample_interviews(uid) s ON s.n = 1
   WHERE cs.user_id = uid
$$;--> statement-breakpoint
-- As in 0002, and the work sample with it.
CREATE OR REPLACE FUNCTION talent_refresh_interview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM talent_refresh(OLD.candidate_id);
    PERFORM talent_refresh_work_sample(OLD.candidate_id);
  ELSE
    PERFORM talent_refresh(NEW.candidate_id);
    PERFORM talent_refresh_work_sample(NEW.candidate_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row that enters the index (a new candidate, or one indexed again) starts with the sample it has.
CREATE FUNCTION talent_indexed_work_sample() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM talent_refresh_work_sample(NEW.user_id); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER talent_search_work_sample AFTER INSERT ON candidate_search
  FOR EACH ROW EXECUTE FUNCTION talent_indexed_work_sample();--> statement-breakpoint
SELECT talent_refresh_work_sample(user_id) FROM candidate_search;
