CREATE TABLE "document_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_holder" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_encrypted" text NOT NULL,
	"last4" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid,
	"key" text NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"signer_name" text,
	"signer_email" text,
	"signed_at" timestamp with time zone,
	"pdf" "bytea",
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"legal_name" text NOT NULL,
	"business_name" text,
	"tax_classification" text,
	"tin_type" text,
	"tin_encrypted" text,
	"tin_last4" text,
	"address" jsonb NOT NULL,
	"country_of_citizenship" text,
	"date_of_birth" text,
	"treaty" jsonb,
	"perjury_statement" text NOT NULL,
	"signature_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_ip" text,
	"signed_user_agent" text,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_document_id_signed_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signed_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_documents" ADD CONSTRAINT "signed_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_events_document_idx" ON "document_events" USING btree ("document_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_key_version" ON "document_templates" USING btree ("key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "signed_documents_once" ON "signed_documents" USING btree ("user_id","job_id","key","version");--> statement-breakpoint
CREATE INDEX "signed_documents_user_idx" ON "signed_documents" USING btree ("user_id");--> statement-breakpoint
-- Written by hand (decision 0201): the audit trail is append-only and a signed document never changes.
-- A delete is refused unless it cascades from the account's removal (trigger depth > 1).
CREATE FUNCTION "document_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'document_events is append-only';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_events_append_only" BEFORE UPDATE OR DELETE ON "document_events"
  FOR EACH ROW EXECUTE FUNCTION "document_events_append_only"();--> statement-breakpoint
CREATE FUNCTION "signed_documents_sealed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL AND (NEW.pdf IS DISTINCT FROM OLD.pdf OR NEW.sha256 IS DISTINCT FROM OLD.sha256
      OR NEW.body IS DISTINCT FROM OLD.body OR NEW.signed_at IS DISTINCT FROM OLD.signed_at
      OR NEW.signer_name IS DISTINCT FROM OLD.signer_name) THEN
    RAISE EXCEPTION 'a signed document cannot be changed';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "signed_documents_sealed" BEFORE UPDATE ON "signed_documents"
  FOR EACH ROW EXECUTE FUNCTION "signed_documents_sealed"();
