-- One round trip per journal (DESIGN.md section 4): postJournal sends the merged, sorted legs and the
-- idempotency key to this function, which does in the database what used to take four statements from
-- the application: the replay check, the row locks in ascending account id order, the non-negative check
-- on player accounts, the journal and its postings, and the cached balances. It knows nothing of assets
-- or account kinds beyond "a player account never goes below zero", so other wrappers can reuse it.
--
-- Outcomes (o_outcome):
--   'posted'       the journal is new; o_journal_id is its id.
--   'replayed'     a journal with this key and the same request hash exists; o_journal_id is that one.
--   'mismatch'     a journal with this key exists for other data; nothing is written.
--   'insufficient' player account o_account_id would go below zero; nothing is left behind (the journal
--                  row inserted first is removed), so the caller's transaction may carry on.
CREATE OR REPLACE FUNCTION ledger_post_journal(
  p_kind text, p_idempotency_key text, p_request_hash bytea, p_player_id bigint, p_ref text, p_memo text,
  p_staff_id bigint, p_account_ids bigint[], p_amounts bigint[],
  OUT o_journal_id bigint, OUT o_outcome text, OUT o_account_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_hash bytea;
  v_legs int := coalesce(cardinality(p_account_ids), 0);
  v_locked int;
BEGIN
  -- The application checks the shape too; these guard the data if the function is called another way.
  IF v_legs < 2 OR v_legs <> coalesce(cardinality(p_amounts), 0) THEN
    RAISE EXCEPTION 'ledger invariant: a journal has at least two legs, one amount each';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 OR EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a = 0 OR a IS NULL) THEN
    RAISE EXCEPTION 'ledger invariant: postings are non-zero and sum to zero';
  END IF;

  -- The journal row goes first: a replay is found by its key before any account is locked or checked,
  -- and a concurrent command with the same key waits here for the first one to commit.
  INSERT INTO journals (kind, idempotency_key, request_hash, player_id, ref, memo, staff_id)
  VALUES (p_kind, p_idempotency_key, p_request_hash, p_player_id, coalesce(p_ref, ''), coalesce(p_memo, ''), p_staff_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO o_journal_id;
  IF o_journal_id IS NULL THEN
    SELECT j.id, j.request_hash INTO o_journal_id, v_hash FROM journals j WHERE j.idempotency_key = p_idempotency_key;
    IF o_journal_id IS NULL THEN
      RAISE EXCEPTION 'ledger invariant: a conflicting journal exists';
    END IF;
    IF v_hash = p_request_hash THEN
      o_outcome := 'replayed';
    ELSE
      o_outcome := 'mismatch';
      o_journal_id := NULL;
    END IF;
    RETURN;
  END IF;

  -- Rows are locked in ascending id order everywhere, so two journals over the same accounts cannot
  -- deadlock; the same statement finds the lowest player account the journal would overdraw.
  SELECT count(*)::int, min(s.id) FILTER (WHERE s.player_id IS NOT NULL AND s.balance_minor + l.amount < 0)
  INTO v_locked, o_account_id
  FROM (SELECT a.id, a.player_id, a.balance_minor FROM accounts a WHERE a.id = ANY (p_account_ids) ORDER BY a.id FOR UPDATE) s
  JOIN unnest(p_account_ids, p_amounts) AS l(id, amount) ON l.id = s.id;
  IF v_locked <> v_legs THEN
    RAISE EXCEPTION 'ledger invariant: every account of a journal exists once';
  END IF;
  IF o_account_id IS NOT NULL THEN
    DELETE FROM journals WHERE id = o_journal_id;
    o_journal_id := NULL;
    o_outcome := 'insufficient';
    RETURN;
  END IF;

  -- The cached balances and the postings that record them, in one statement.
  WITH l AS (SELECT * FROM unnest(p_account_ids, p_amounts) AS l(id, amount)),
  u AS (
    UPDATE accounts a SET balance_minor = a.balance_minor + l.amount FROM l WHERE a.id = l.id
    RETURNING a.id, l.amount, a.balance_minor
  )
  INSERT INTO postings (journal_id, account_id, amount_minor, balance_after_minor)
  SELECT o_journal_id, u.id, u.amount, u.balance_minor FROM u ORDER BY u.id;
  o_outcome := 'posted';
END
$$;
