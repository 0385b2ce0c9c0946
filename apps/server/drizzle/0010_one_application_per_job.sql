-- One application per candidate and job (decision 0169). Duplicates made before this (a retake or an
-- invitation started again under a new id) are empty placeholders (not_started or scheduled) beside
-- the application that ran, kept first: their retakes, decisions and access log entries move to the
-- kept row, then they go (with the earlier attempt's recording slices, which a retake discards).
-- Two rows that both ran cannot exist (the start rule refused them); the index would stop on them.
UPDATE "interview_retakes" SET "interview_id" = d."keep_id"
FROM (
  SELECT "id", first_value("id") OVER w AS "keep_id", row_number() OVER w AS "n", "status"
  FROM "interviews"
  WHERE "job_id" IS NOT NULL AND "status" <> 'rejected'
  WINDOW w AS (PARTITION BY "candidate_id", "job_id"
    ORDER BY ("status" IN ('not_started', 'scheduled')), "created_at" DESC, "id")
) AS d
WHERE "interview_retakes"."interview_id" = d."id" AND d."n" > 1 AND d."status" IN ('not_started', 'scheduled');
--> statement-breakpoint
UPDATE "interview_decisions" SET "interview_id" = d."keep_id"
FROM (
  SELECT "id", first_value("id") OVER w AS "keep_id", row_number() OVER w AS "n", "status"
  FROM "interviews"
  WHERE "job_id" IS NOT NULL AND "status" <> 'rejected'
  WINDOW w AS (PARTITION BY "candidate_id", "job_id"
    ORDER BY ("status" IN ('not_started', 'scheduled')), "created_at" DESC, "id")
) AS d
WHERE "interview_decisions"."interview_id" = d."id" AND d."n" > 1 AND d."status" IN ('not_started', 'scheduled');
--> statement-breakpoint
UPDATE "file_access_log" SET "interview_id" = d."keep_id"
FROM (
  SELECT "id", first_value("id") OVER w AS "keep_id", row_number() OVER w AS "n", "status"
  FROM "interviews"
  WHERE "job_id" IS NOT NULL AND "status" <> 'rejected'
  WINDOW w AS (PARTITION BY "candidate_id", "job_id"
    ORDER BY ("status" IN ('not_started', 'scheduled')), "created_at" DESC, "id")
) AS d
WHERE "file_access_log"."interview_id" = d."id" AND d."n" > 1 AND d."status" IN ('not_started', 'scheduled');
--> statement-breakpoint
DELETE FROM "interviews" USING (
  SELECT "id", first_value("id") OVER w AS "keep_id", row_number() OVER w AS "n", "status"
  FROM "interviews"
  WHERE "job_id" IS NOT NULL AND "status" <> 'rejected'
  WINDOW w AS (PARTITION BY "candidate_id", "job_id"
    ORDER BY ("status" IN ('not_started', 'scheduled')), "created_at" DESC, "id")
) AS d
WHERE "interviews"."id" = d."id" AND d."n" > 1 AND d."status" IN ('not_started', 'scheduled');
--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_one_per_candidate_job" ON "interviews" USING btree ("candidate_id","job_id") WHERE "interviews"."job_id" is not null and "interviews"."status" <> 'rejected';
