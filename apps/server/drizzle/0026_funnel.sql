CREATE TABLE "interview_technical_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"interview_id" uuid,
	"kind" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_technical_failures" ADD CONSTRAINT "interview_technical_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_technical_failures" ADD CONSTRAINT "interview_technical_failures_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_technical_failures" ADD CONSTRAINT "interview_technical_failures_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_technical_failures_once" ON "interview_technical_failures" USING btree ("user_id","job_id","kind");--> statement-breakpoint
CREATE INDEX "interview_technical_failures_job_idx" ON "interview_technical_failures" USING btree ("job_id");