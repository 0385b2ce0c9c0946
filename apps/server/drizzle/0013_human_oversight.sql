CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"decision_appealed" text NOT NULL,
	"outcome" text,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decision_log" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"interview_id" uuid,
	"job_id" uuid,
	"actor_id" uuid,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "human_scores" (
	"interview_id" uuid PRIMARY KEY NOT NULL,
	"scores" jsonb NOT NULL,
	"scored_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"offset_seconds" integer NOT NULL,
	"duration_ms" integer,
	"mark" text,
	"marked_by" uuid,
	"marked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transcript_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "blind_review_share" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "human_scores" ADD CONSTRAINT "human_scores_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "human_scores" ADD CONSTRAINT "human_scores_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_events" ADD CONSTRAINT "integrity_events_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_events" ADD CONSTRAINT "integrity_events_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_corrections" ADD CONSTRAINT "transcript_corrections_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_per_interview" ON "appeals" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "appeals_created_idx" ON "appeals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "decision_log_created_idx" ON "decision_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "decision_log_interview_idx" ON "decision_log" USING btree ("interview_id");--> statement-breakpoint
CREATE INDEX "integrity_events_interview_idx" ON "integrity_events" USING btree ("interview_id","at");--> statement-breakpoint
CREATE INDEX "transcript_corrections_interview_idx" ON "transcript_corrections" USING btree ("interview_id","seq","created_at");--> statement-breakpoint
-- The decision log is append-only: no row changes, and none goes before it is three years old (decision 0198).
CREATE FUNCTION decision_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN RAISE EXCEPTION 'decision_log is append-only'; END IF;
  IF OLD.created_at > now() - interval '3 years' THEN
    RAISE EXCEPTION 'decision_log rows are kept at least three years';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER decision_log_append_only BEFORE UPDATE OR DELETE ON "decision_log"
  FOR EACH ROW EXECUTE FUNCTION decision_log_guard();
