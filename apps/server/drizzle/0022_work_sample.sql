CREATE TABLE "interview_work_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interview_id" uuid NOT NULL,
	"item_id" uuid,
	"position" smallint NOT NULL,
	"task_name" text NOT NULL,
	"gold_rating" smallint NOT NULL,
	"seconds_allowed" integer NOT NULL,
	"served_at" timestamp with time zone,
	"offset_seconds" integer,
	"rating" smallint,
	"rated_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotation_items" ADD COLUMN "pool" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_items" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "annotation_items" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "work_sample_count" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "work_sample_seconds" smallint DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "interview_work_items" ADD CONSTRAINT "interview_work_items_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_work_items" ADD CONSTRAINT "interview_work_items_item_id_annotation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."annotation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_work_items_position" ON "interview_work_items" USING btree ("interview_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_work_items_item" ON "interview_work_items" USING btree ("interview_id","item_id");--> statement-breakpoint
CREATE INDEX "interview_work_items_item_idx" ON "interview_work_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "annotation_items_pool_idx" ON "annotation_items" USING btree ("job_id","pool");