CREATE TABLE "annotation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"gold_rating" smallint,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_raters" (
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"paused_at" timestamp with time zone,
	"unpaused_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_raters_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
DROP INDEX "tasks_job_idx";--> statement-breakpoint
ALTER TABLE "annotation_tasks" ADD COLUMN "item_id" uuid;--> statement-breakpoint
INSERT INTO "annotation_items" ("id", "job_id", "created_at") SELECT "id", "job_id", "created_at" FROM "annotation_tasks" ORDER BY "created_at", "id";--> statement-breakpoint
UPDATE "annotation_tasks" SET "item_id" = "id";--> statement-breakpoint
ALTER TABLE "annotation_tasks" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_tasks" ADD COLUMN "auto_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_tasks" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pause_gold_error_above" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "pause_min_gold_items" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "annotation_items" ADD CONSTRAINT "annotation_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_raters" ADD CONSTRAINT "job_raters_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_raters" ADD CONSTRAINT "job_raters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_items_job_idx" ON "annotation_items" USING btree ("job_id","seq");--> statement-breakpoint
ALTER TABLE "annotation_tasks" ADD CONSTRAINT "annotation_tasks_item_id_annotation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."annotation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_item_idx" ON "annotation_tasks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "tasks_job_idx" ON "annotation_tasks" USING btree ("job_id","status");