-- Issue 43 item 15: an interview whose candidate went away (tab closed, phone discarded the tab) is ended
-- by a periodic sweep once nobody has resumed it for INTERVIEW_ABANDON_MINUTES (decision 0225). A live
-- session keeps this up to date; a row from before this column counts from its start.
ALTER TABLE "interviews" ADD COLUMN IF NOT EXISTS "last_active_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interviews_in_progress_held_idx" ON "interviews" ("last_active_at") WHERE "status" = 'in_progress';
