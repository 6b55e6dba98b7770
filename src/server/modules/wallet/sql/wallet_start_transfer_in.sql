-- wallet_start_transfer_in (drizzle 0035) also asks whether the platform can take the transfer now (issue 24,
-- "transfer and play"). A transfer into play used to read the platform's rows and the seamless platform codes in two
-- statements of their own before this one: three round trips where one does, and on a busy machine each round trip
-- costs the application more CPU than the statement costs the database. The answer is the one the application gave
-- (WalletService.livePlatform, then the seamless codes): the platform's row under the code that is switched on, else
-- its first row, in the catalogue's order; no row answers 'not_found'; switched off 'unavailable'; under maintenance,
-- by its switch or inside its window, 'maintenance'; a seamless platform, which plays straight from the central
-- wallet, 'unavailable'. Each writes nothing. The question is now asked inside the transfer's own transaction, so a
-- platform switched off between the question and the transfer can no longer slip through. Same signature and the
-- same other outcomes as 0035, so the function is replaced in place.
CREATE OR REPLACE FUNCTION wallet_start_transfer_in(
  p_id text, p_player_id bigint, p_gp_code text, p_amount_minor bigint, p_client_key text, p_reason text, p_next_check_at timestamptz,
  p_check_gate boolean, p_kind text, p_idempotency_key text, p_request_hash bytea, p_memo text, p_account_ids bigint[], p_amounts bigint[],
  OUT o_outcome text, OUT o_account_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_platform record;
  v_bonus_wallet_id bigint;
  v_journal_id bigint;
BEGIN
  -- Status 1 is switched on, maintain_status 0 under maintenance (src/shared/statuses.ts).
  SELECT status, maintain_status, maintain_start, maintain_end INTO v_platform
  FROM game_platforms WHERE gp_code = p_gp_code ORDER BY (status = 1) DESC, sort, id LIMIT 1;
  IF NOT FOUND THEN
    o_outcome := 'not_found';
    RETURN;
  END IF;
  IF v_platform.status <> 1 THEN
    o_outcome := 'unavailable';
    RETURN;
  END IF;
  IF v_platform.maintain_status = 0
     OR (v_platform.maintain_start <= now() AND now() <= v_platform.maintain_end) THEN
    o_outcome := 'maintenance';
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM seamless_platforms WHERE gp_code = p_gp_code) THEN
    o_outcome := 'unavailable';
    RETURN;
  END IF;
  IF p_check_gate THEN
    PERFORM pg_advisory_xact_lock(hashtext('protection-gate'), p_player_id::int);
    IF EXISTS (SELECT 1 FROM protection_exclusions WHERE player_id = p_player_id)
       OR EXISTS (SELECT 1 FROM protection_limits WHERE player_id = p_player_id) THEN
      o_outcome := 'gate';
      RETURN;
    END IF;
  END IF;
  SELECT bonus_wallet_id INTO v_bonus_wallet_id FROM player_platforms WHERE player_id = p_player_id AND gp_code = p_gp_code FOR UPDATE;
  IF v_bonus_wallet_id IS NOT NULL THEN
    o_outcome := 'rebind';
    RETURN;
  END IF;
  INSERT INTO platform_transfers (id, player_id, gp_code, direction, amount_minor, wallet_kind, bonus_wallet_id, status, reason, client_key, next_check_at)
  VALUES (p_id, p_player_id, p_gp_code, 'in', p_amount_minor, 'central', NULL, 'pending', p_reason, p_client_key, p_next_check_at);
  SELECT j.o_journal_id, j.o_outcome, j.o_account_id INTO v_journal_id, o_outcome, o_account_id
  FROM ledger_post_asset_journal('money', p_kind, p_idempotency_key, p_request_hash, p_player_id, p_id, p_memo, NULL, p_account_ids, p_amounts) j;
  IF o_outcome = 'insufficient' THEN
    DELETE FROM platform_transfers WHERE id = p_id;
    RETURN;
  END IF;
  IF o_outcome IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION 'ledger invariant: the start journal of transfer % was %', p_id, o_outcome;
  END IF;
  o_account_id := NULL;
END;
$$;
