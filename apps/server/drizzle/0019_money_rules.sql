-- Issue 43 item 3: no available balance is written below zero. After an INSERT into the ledger, each
-- line that debits a payee's `available` (the WHEN clause: other lines cost nothing) takes the payee's
-- row lock (the lock lockCandidate/lockRater take, already held by the request and the overrule, the
-- two paths that debit it), so a concurrent debit of the same money waits and then sees it, and sums
-- the account on the (user_id, account) index; below zero refuses the statement and its transaction.
-- The later accounts (requested, in_transit, paid_out) move per request under its row lock and
-- idempotency keys; checkLedger still checks them all.
CREATE FUNCTION ledger_no_overdraft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cents bigint;
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR UPDATE;
  SELECT sum(amount_cents) INTO cents FROM ledger_entries WHERE user_id = NEW.user_id AND account = NEW.account;
  IF cents < 0 THEN
    RAISE EXCEPTION 'the % balance of payee % would go below zero (% cents); nothing was posted',
      NEW.account, NEW.user_id, cents
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_no_overdraft';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_overdraft AFTER INSERT ON ledger_entries FOR EACH ROW
  WHEN (NEW.amount_cents < 0 AND NEW.account = 'available' AND NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION ledger_no_overdraft();
--> statement-breakpoint
-- Issue 43 item 5: a batch a one-click payout made was paid outside the bank files and offers none.
ALTER TABLE "payout_batches" ADD COLUMN "outside_files" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The one-click batches made before: their requests were one_click ones, or their earnings carry the payout.
UPDATE payout_batches b SET outside_files = true
  WHERE EXISTS (SELECT 1 FROM payout_requests r WHERE r.batch_id = b.id AND r.origin = 'one_click')
     OR EXISTS (SELECT 1 FROM payout_requests r
                JOIN payout_request_earnings pre ON pre.request_id = r.id
                JOIN earnings e ON e.id = pre.earning_id
                WHERE r.batch_id = b.id AND e.payout_id IS NOT NULL);
