-- Starts a central -> platform transfer in one statement, hence one round trip and its own transaction. It first asks
-- whether the platform can take the transfer now, as the application would (WalletService.livePlatform, then the
-- seamless codes): the platform's row under the code that is switched on, else its first row, in the catalogue's
-- order; no row answers 'not_found'; switched off 'unavailable'; under maintenance, by its switch or inside its
-- window, 'maintenance'; a seamless platform, which plays straight from the central wallet, 'unavailable'. Each writes
-- nothing, and because the question is asked inside the transfer's own transaction a platform switched off between
-- the question and the transfer cannot slip through.
-- Then, in the order and under the locks of the application's path: the protection-gate advisory lock of the player
-- (when the caller has a gate), the binding's row lock, the pending transfer row and the journal
-- (ledger_post_asset_journal, with the accounts, amounts and request hash the caller worked out as postJournal does).
-- Whenever that path would have more to do, it writes nothing and says so, and the application takes it instead:
-- 'gate' when the player has any exclusion or limit row at all (the full gate decides, with its own clock), 'rebind'
-- when the platform holds an activity wallet's money. An overdraft answers 'insufficient' with the account, the
-- transfer row removed again in the same transaction; any other journal outcome raises, so nothing is half done.
-- 'posted' means the transfer is pending and its money in transit.
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
