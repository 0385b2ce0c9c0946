CREATE TABLE "answer_audio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"duration_ms" integer NOT NULL,
	"turns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interviews" ADD COLUMN "transcript_pass" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "transcript_turns" ADD COLUMN "live_text" text;--> statement-breakpoint
ALTER TABLE "answer_audio" ADD CONSTRAINT "answer_audio_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_audio" ADD CONSTRAINT "answer_audio_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_audio_interview_seq" ON "answer_audio" USING btree ("interview_id","seq");