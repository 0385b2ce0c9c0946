ALTER TABLE "earnings" ADD COLUMN "work_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "work_ended_at" timestamp with time zone;