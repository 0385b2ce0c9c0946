-- Deletions before decision 0219 moved a payee's earnings to their anonymous stand-in but left the
-- ledger's balances under the old id (whose users row is gone): pay-all and the payout day picked it and
-- failed. Move each such id's balances to the stand-in that holds its earnings, as a deletion does now:
-- one appended `reassigned` transfer (nothing updated), found through the id's `earned` transfers.
DO $$
DECLARE o record; t uuid;
BEGIN
  FOR o IN
    SELECT DISTINCT ON (lt.user_id) lt.user_id AS old_id, e.user_id AS stand_in
    FROM ledger_transfers lt
    JOIN earnings e ON e.id = lt.ref_id
    JOIN users s ON s.id = e.user_id AND s.deleted_at IS NOT NULL
    WHERE lt.kind = 'earned' AND lt.user_id IS NOT NULL AND lt.user_id <> e.user_id
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = lt.user_id)
    ORDER BY lt.user_id, lt.created_at
  LOOP
    INSERT INTO ledger_transfers (idempotency_key, kind, user_id, ref_id)
      VALUES ('reassigned:' || o.old_id, 'reassigned', o.old_id, o.stand_in)
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id INTO t;
    IF t IS NULL THEN CONTINUE; END IF;
    INSERT INTO ledger_entries (transfer_id, account, user_id, amount_cents)
      SELECT t, b.account, o.old_id, -b.cents FROM (
        SELECT account, sum(amount_cents) AS cents FROM ledger_entries WHERE user_id = o.old_id
        GROUP BY account HAVING sum(amount_cents) <> 0) b
      UNION ALL
      SELECT t, b.account, o.stand_in, b.cents FROM (
        SELECT account, sum(amount_cents) AS cents FROM ledger_entries WHERE user_id = o.old_id
        GROUP BY account HAVING sum(amount_cents) <> 0) b;
  END LOOP;
END $$;
