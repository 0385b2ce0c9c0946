-- Issue 43 item 3: no payee balance is written below zero. After each INSERT into the ledger, every
-- payee account the statement debited is summed; one below zero refuses the whole statement (and its
-- transaction). Before summing a debit of `available`, the payee's row lock is taken (the lock
-- lockCandidate/lockRater take, already held by every path that debits it), so a concurrent debit of
-- the same money waits for the other transaction and then sees it.
CREATE FUNCTION ledger_no_overdraft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad record;
BEGIN
  PERFORM 1 FROM users
    WHERE id IN (SELECT user_id FROM ledger_new_entries WHERE amount_cents < 0 AND account = 'available')
    ORDER BY id FOR UPDATE;
  SELECT d.user_id, d.account, b.cents INTO bad
    FROM (SELECT DISTINCT user_id, account FROM ledger_new_entries
          WHERE amount_cents < 0 AND account IN ('pending', 'available', 'requested', 'in_transit', 'paid_out')) d
    CROSS JOIN LATERAL (SELECT sum(e.amount_cents) AS cents FROM ledger_entries e
                        WHERE e.user_id IS NOT DISTINCT FROM d.user_id AND e.account = d.account) b
    WHERE b.cents < 0
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the % balance of payee % would go below zero (% cents); nothing was posted',
      bad.account, bad.user_id, bad.cents
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_no_overdraft';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_overdraft AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS ledger_new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_no_overdraft();
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
