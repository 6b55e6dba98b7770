-- Many journals in one call (bet ingestion writes a page of them): the same rules and outcomes as
-- ledger_post_journal, journal by journal in the given order, but every account of the batch is locked
-- once up front in ascending id order and balances are carried in memory, so the batch ends with one
-- insert of all postings and one update per account instead of an update per leg. A player account's
-- balance is checked against what the journals before it in the batch have left.
-- p_batch is a JSON array of {i, kind, key, hash (hex), player, ref, memo, staff, accounts[], amounts[]};
-- each journal's accounts are distinct and ascending. One row comes back per journal, by i.
CREATE OR REPLACE FUNCTION ledger_post_journals(p_batch jsonb)
RETURNS TABLE (o_index int, o_journal_id bigint, o_outcome text, o_account_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_ids bigint[];
  v_player boolean[];
  v_bal bigint[];
  v_start bigint[];
  v_pos int[];
  v_wanted int;
  v_hash bytea;
  v_legs int;
  v_sum numeric;
  v_short bigint;
  k int;
  p_journal bigint[] := '{}';
  p_account bigint[] := '{}';
  p_amount bigint[] := '{}';
  p_after bigint[] := '{}';
BEGIN
  SELECT count(DISTINCT a) INTO v_wanted FROM jsonb_array_elements(p_batch) e, jsonb_array_elements_text(e->'accounts') a;
  SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}'), coalesce(array_agg(s.player_id IS NOT NULL ORDER BY s.id), '{}'),
         coalesce(array_agg(s.balance_minor ORDER BY s.id), '{}')
  INTO v_ids, v_player, v_bal
  FROM (
    SELECT a.id, a.player_id, a.balance_minor FROM accounts a
    WHERE a.id IN (SELECT a2::bigint FROM jsonb_array_elements(p_batch) e, jsonb_array_elements_text(e->'accounts') a2)
    ORDER BY a.id FOR UPDATE
  ) s;
  IF cardinality(v_ids) <> v_wanted THEN
    RAISE EXCEPTION 'ledger invariant: every account of a journal exists once';
  END IF;
  v_start := v_bal;

  FOR r IN SELECT * FROM jsonb_to_recordset(p_batch)
      AS x(i int, kind text, key text, hash text, player bigint, ref text, memo text, staff bigint, accounts bigint[], amounts bigint[])
      ORDER BY x.i
  LOOP
    o_index := r.i;
    o_journal_id := NULL;
    o_account_id := NULL;
    v_legs := coalesce(cardinality(r.accounts), 0);
    IF v_legs < 2 OR v_legs <> coalesce(cardinality(r.amounts), 0) THEN
      RAISE EXCEPTION 'ledger invariant: a journal has at least two legs, one amount each';
    END IF;
    v_sum := 0;
    FOR k IN 1 .. v_legs LOOP
      IF r.amounts[k] IS NULL OR r.amounts[k] = 0 OR (k > 1 AND r.accounts[k] <= r.accounts[k - 1]) THEN
        RAISE EXCEPTION 'ledger invariant: postings are non-zero and sum to zero, accounts distinct and ascending';
      END IF;
      v_sum := v_sum + r.amounts[k];
    END LOOP;
    IF v_sum <> 0 THEN
      RAISE EXCEPTION 'ledger invariant: postings are non-zero and sum to zero';
    END IF;

    INSERT INTO journals (kind, idempotency_key, request_hash, player_id, ref, memo, staff_id)
    VALUES (r.kind, r.key, decode(r.hash, 'hex'), r.player, coalesce(r.ref, ''), coalesce(r.memo, ''), r.staff)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO o_journal_id;
    IF o_journal_id IS NULL THEN
      SELECT j.id, j.request_hash INTO o_journal_id, v_hash FROM journals j WHERE j.idempotency_key = r.key;
      IF o_journal_id IS NULL THEN
        RAISE EXCEPTION 'ledger invariant: a conflicting journal exists';
      END IF;
      IF v_hash = decode(r.hash, 'hex') THEN
        o_outcome := 'replayed';
      ELSE
        o_outcome := 'mismatch';
        o_journal_id := NULL;
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;

    v_short := NULL;
    v_pos := '{}';
    FOR k IN 1 .. v_legs LOOP
      v_pos[k] := array_position(v_ids, r.accounts[k]);
      IF v_short IS NULL AND v_player[v_pos[k]] AND v_bal[v_pos[k]] + r.amounts[k] < 0 THEN
        v_short := r.accounts[k];
      END IF;
    END LOOP;
    IF v_short IS NOT NULL THEN
      DELETE FROM journals WHERE id = o_journal_id;
      o_journal_id := NULL;
      o_outcome := 'insufficient';
      o_account_id := v_short;
      RETURN NEXT;
      CONTINUE;
    END IF;
    FOR k IN 1 .. v_legs LOOP
      v_bal[v_pos[k]] := v_bal[v_pos[k]] + r.amounts[k];
      p_journal := p_journal || o_journal_id;
      p_account := p_account || r.accounts[k];
      p_amount := p_amount || r.amounts[k];
      p_after := p_after || v_bal[v_pos[k]];
    END LOOP;
    o_outcome := 'posted';
    RETURN NEXT;
  END LOOP;

  INSERT INTO postings (journal_id, account_id, amount_minor, balance_after_minor)
  SELECT * FROM unnest(p_journal, p_account, p_amount, p_after);
  UPDATE accounts a SET balance_minor = n.balance
  FROM unnest(v_ids, v_bal, v_start) AS n(id, balance, before)
  WHERE a.id = n.id AND n.balance <> n.before;
  RETURN;
END
$$;
