CREATE TABLE "practice_debriefs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"debrief" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "share_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transcript_turns" ADD COLUMN "words" jsonb;--> statement-breakpoint
ALTER TABLE "practice_debriefs" ADD CONSTRAINT "practice_debriefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_debriefs_user_idx" ON "practice_debriefs" USING btree ("user_id","created_at");