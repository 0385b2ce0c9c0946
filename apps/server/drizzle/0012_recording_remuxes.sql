CREATE TABLE "recording_remuxes" (
	"interview_id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"chunk_count" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recording_remuxes" ADD CONSTRAINT "recording_remuxes_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_remuxes" ADD CONSTRAINT "recording_remuxes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;