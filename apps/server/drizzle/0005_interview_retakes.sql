CREATE TABLE "interview_retakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"previous_status" text NOT NULL,
	"allowed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_retakes" ADD CONSTRAINT "interview_retakes_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_retakes" ADD CONSTRAINT "interview_retakes_allowed_by_users_id_fk" FOREIGN KEY ("allowed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;