DROP INDEX "consents_user_idx";--> statement-breakpoint
-- Repeated identical consents (before this migration every request added a row) become one: the first given.
DELETE FROM "consents" AS later USING "consents" AS first
WHERE later."user_id" = first."user_id" AND later."purpose" = first."purpose" AND later."job_id" = first."job_id"
  AND later."version" = first."version"
  AND (later."given_at", later."id") > (first."given_at", first."id");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_once" ON "consents" USING btree ("user_id","purpose","job_id","version");
--> statement-breakpoint
-- A résumé uploaded before sign-up had no owner; it belongs to the one profile that names it (a file
-- named by several profiles stays ownerless: nobody can claim it, and no account deletion removes it).
UPDATE "files" SET "owner_id" = p."user_id"
FROM "profiles" AS p
WHERE "files"."owner_id" IS NULL AND "files"."purpose" = 'resume'
  AND p."resume_url" = '/api/files/' || "files"."id"::text
  AND (SELECT count(*) FROM "profiles" AS p2 WHERE p2."resume_url" = p."resume_url") = 1;
