CREATE TABLE "ledger_entries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"ref_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"total_cents" bigint NOT NULL,
	"item_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_request_earnings" (
	"request_id" uuid NOT NULL,
	"earning_id" uuid NOT NULL,
	CONSTRAINT "payout_request_earnings_request_id_earning_id_pk" PRIMARY KEY("request_id","earning_id")
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"idempotency_key" text NOT NULL,
	"origin" text DEFAULT 'candidate' NOT NULL,
	"batch_id" uuid,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_request_earnings" ADD CONSTRAINT "payout_request_earnings_request_id_payout_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payout_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_request_earnings" ADD CONSTRAINT "payout_request_earnings_earning_id_earnings_id_fk" FOREIGN KEY ("earning_id") REFERENCES "public"."earnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_disputes" ADD CONSTRAINT "task_disputes_task_id_annotation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."annotation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_disputes" ADD CONSTRAINT "task_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_disputes" ADD CONSTRAINT "task_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("user_id","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "payout_request_earnings_earning_idx" ON "payout_request_earnings" USING btree ("earning_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_key_unique" ON "payout_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_requests_one_open" ON "payout_requests" USING btree ("user_id") WHERE status in ('requested', 'batched');--> statement-breakpoint
CREATE INDEX "payout_requests_batch_idx" ON "payout_requests" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_requests_status_idx" ON "payout_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "task_disputes_task_unique" ON "task_disputes" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_disputes_status_idx" ON "task_disputes" USING btree ("status");--> statement-breakpoint
-- The ledger is append-only (decision 0205): any UPDATE, DELETE or TRUNCATE of its rows is refused.
CREATE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable (%.%)', TG_TABLE_NAME, TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
--> statement-breakpoint
-- One double-entry transfer: debit one account, credit another, once per idempotency key.
CREATE FUNCTION ledger_post(p_key text, p_kind text, p_user uuid, p_ref uuid, p_debit text, p_credit text, p_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE t uuid;
BEGIN
  IF p_amount = 0 THEN RETURN; END IF;
  IF p_amount < 0 THEN RAISE EXCEPTION 'ledger amounts are positive'; END IF;
  INSERT INTO ledger_transfers (idempotency_key, kind, user_id, ref_id) VALUES (p_key, p_kind, p_user, p_ref)
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO t;
  IF t IS NULL THEN RETURN; END IF;
  INSERT INTO ledger_entries (transfer_id, account, user_id, amount_cents)
    VALUES (t, p_debit, p_user, -p_amount), (t, p_credit, p_user, p_amount);
END $$;
--> statement-breakpoint
-- An earning's review moves money between the payee's accounts (pending, available); payouts post their own.
CREATE FUNCTION ledger_earning_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text := 'earning:' || NEW.id || ':';
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_post(k || 'earned', 'earned', NEW.user_id, NEW.id, 'work_expense', 'pending', NEW.amount_cents);
    IF NEW.status IN ('available', 'paid') THEN
      PERFORM ledger_post(k || 'approved', 'approved', NEW.user_id, NEW.id, 'pending', 'available', NEW.amount_cents);
    END IF;
    IF NEW.status = 'paid' THEN
      PERFORM ledger_post(k || 'paid', 'paid', NEW.user_id, NEW.id, 'available', 'paid_out', NEW.amount_cents);
    ELSIF NEW.status = 'rejected' THEN
      PERFORM ledger_post(k || 'rejected', 'rejected', NEW.user_id, NEW.id, 'pending', 'work_expense', NEW.amount_cents);
    END IF;
    RETURN NULL;
  END IF;
  IF OLD.status = NEW.status THEN RETURN NULL; END IF;
  IF OLD.status = 'pending' AND NEW.status = 'available' THEN
    PERFORM ledger_post(k || 'approved', 'approved', NEW.user_id, NEW.id, 'pending', 'available', NEW.amount_cents);
  ELSIF OLD.status = 'pending' AND NEW.status = 'rejected' THEN
    PERFORM ledger_post(k || 'rejected', 'rejected', NEW.user_id, NEW.id, 'pending', 'work_expense', NEW.amount_cents);
  ELSIF OLD.status = 'available' AND NEW.status = 'rejected' THEN
    PERFORM ledger_post(k || 'clawback', 'reversed', NEW.user_id, NEW.id, 'available', 'work_expense', NEW.amount_cents);
  ELSIF OLD.status = 'rejected' AND NEW.status = 'available' THEN
    PERFORM ledger_post(k || 'overturned', 'overturned', NEW.user_id, NEW.id, 'work_expense', 'available', NEW.amount_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER earnings_ledger AFTER INSERT OR UPDATE OF status ON earnings FOR EACH ROW EXECUTE FUNCTION ledger_earning_moved();
--> statement-breakpoint
-- Opening entries for the earnings recorded before the ledger (same keys as the trigger).
DO $$
DECLARE e record;
BEGIN
  FOR e IN SELECT * FROM earnings ORDER BY created_at, id LOOP
    PERFORM ledger_post('earning:' || e.id || ':earned', 'earned', e.user_id, e.id, 'work_expense', 'pending', e.amount_cents);
    IF e.status IN ('available', 'paid') THEN
      PERFORM ledger_post('earning:' || e.id || ':approved', 'approved', e.user_id, e.id, 'pending', 'available', e.amount_cents);
    END IF;
    IF e.status = 'paid' THEN
      PERFORM ledger_post('earning:' || e.id || ':paid', 'paid', e.user_id, e.id, 'available', 'paid_out', e.amount_cents);
    ELSIF e.status = 'rejected' THEN
      PERFORM ledger_post('earning:' || e.id || ':rejected', 'rejected', e.user_id, e.id, 'pending', 'work_expense', e.amount_cents);
    END IF;
  END LOOP;
END $$;
