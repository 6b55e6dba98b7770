-- hand-written below
-- red_packet_claim_batch, its work reordered (issue 24, the red-packet rush). Sampled under a 2,000-player rush,
-- the backends running the batches spent most of their time waiting on each other's transaction locks, not working:
-- since the claim added its journal to the daily aggregates (ledger_report_journal), every claim of a batch upserted
-- its player's ledger_daily_totals shard (player % 16) as soon as it was paid, so a batch of fifty held nearly all
-- sixteen shards from its first claims to its commit, and the batches in flight ran one after the other.
-- This version does the same work in an order that keeps the shared rows locked as briefly as possible:
--   1. the round is read once, and each player's refusals (claimed, the gate, the eligibility) are decided first;
--   2. the packets for every player left are taken in one scan of the free packets (FOR UPDATE SKIP LOCKED, in id
--      order), instead of one scan per claim, each walking over the packets the batch had just taken;
--   3. each player's packet is paid as red_packet_claim pays it: the activity wallet, the journal through
--      ledger_post_journal (which locks the batch's house account), the packet's row written once;
--   4. only then are the journals added to the daily aggregates, by ledger_report_journal itself, in the order of
--      their totals shard and then player, so the shards are locked in the last moments before the commit and every
--      batch takes them in the same (ascending) order.
-- Every rule of red_packet_claim (0019, 0037) is kept: the window, one packet per player, the gate's fast path, the
-- eligibility, a packet at or above the approval ceiling left pending, the journal's key and request hash, a journal
-- that is not new undoing the whole batch rather than paying twice. Each player's payment still runs in its own
-- subtransaction: a player whose claim races their own claim in another batch meets red_packets_round_player_uq and
-- gets 'claimed', only their work is undone, and the packet they would have had goes to the next player of the batch.
-- Nothing is answered before the batch commits, so a batch lost to a crash took and paid nothing.
-- red_packet_claim stays as it is for the single claim of a player the full gate let through.
CREATE OR REPLACE FUNCTION red_packet_claim_batch(
  p_round_id bigint, p_player_ids bigint[], p_house_account_ids bigint[], p_lookback_since timestamptz, p_name text, p_name_en text)
RETURNS TABLE (o_player_id bigint, o_outcome text, o_packet_id bigint, o_amount_minor bigint, o_wallet_id bigint, o_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r red_packet_rounds%ROWTYPE;
  v_now timestamptz := now();
  v_n int := coalesce(cardinality(p_player_ids), 0);
  v_refusal text;
  v_level int;
  v_ready int[] := '{}';
  v_packet_ids bigint[];
  v_packet_amounts bigint[];
  v_next int := 1;
  v_journals bigint[] := '{}';
  v_journal_players bigint[] := '{}';
  v_player bigint;
  v_house bigint;
  v_target bigint;
  v_ref text;
  v_ids bigint[];
  v_amounts bigint[];
  v_legs text;
  v_key text;
  v_hash bytea;
  v_posted text;
  k int;
  i int;
BEGIN
  IF v_n <> coalesce(cardinality(p_house_account_ids), 0) THEN
    RAISE EXCEPTION 'red packet batch: one house account per player';
  END IF;

  SELECT * INTO r FROM red_packet_rounds WHERE id = p_round_id;
  -- A cancelled round has ended for the player, whatever its window said.
  v_refusal := CASE WHEN NOT FOUND THEN 'not_found'
    WHEN r.status <> 'scheduled' OR v_now >= r.ends_at THEN 'ended'
    WHEN v_now < r.starts_at THEN 'not_started' END;

  -- 1. Each player's own refusals, in the order red_packet_claim checks them.
  FOR k IN 1 .. v_n LOOP
    v_player := p_player_ids[k];
    o_outcome := v_refusal;
    IF o_outcome IS NULL AND EXISTS (SELECT 1 FROM red_packets WHERE round_id = p_round_id AND player_id = v_player) THEN
      o_outcome := 'claimed';
    END IF;
    IF o_outcome IS NULL AND (
      EXISTS (SELECT 1 FROM protection_exclusions e
        WHERE e.player_id = v_player AND e.starts_at <= v_now AND (e.ends_at IS NULL OR e.ends_at > v_now))
      OR EXISTS (SELECT 1 FROM protection_limits l
        WHERE l.player_id = v_player AND l.kind IN ('session', 'loss', 'wager') AND l.limit_value IS NOT NULL)
    ) THEN
      o_outcome := 'gate';
    END IF;
    IF o_outcome IS NULL THEN
      SELECT level_id INTO v_level FROM players WHERE id = v_player;
      IF v_level IS NULL OR v_level < r.min_level THEN
        o_outcome := 'ineligible';
      ELSIF r.min_deposit_minor > 0 AND (SELECT coalesce(sum(amount_minor), 0) FROM deposit_orders
          WHERE player_id = v_player AND status = 'paid' AND paid_at >= p_lookback_since) < r.min_deposit_minor THEN
        o_outcome := 'ineligible';
      ELSIF r.min_valid_bet_minor > 0 AND (SELECT coalesce(sum(valid_bet_minor), 0) FROM bet_records
          WHERE player_id = v_player AND status = 'settled' AND settled_at >= p_lookback_since) < r.min_valid_bet_minor THEN
        o_outcome := 'ineligible';
      END IF;
    END IF;
    IF o_outcome IS NULL THEN
      v_ready := v_ready || k;
    ELSE
      o_player_id := v_player;
      o_packet_id := NULL; o_amount_minor := NULL; o_wallet_id := NULL; o_journal_id := NULL;
      RETURN NEXT;
    END IF;
  END LOOP;

  -- 2. A packet for each player left, in one scan; the rows stay locked by this transaction until its end.
  IF cardinality(v_ready) > 0 THEN
    SELECT coalesce(array_agg(f.id ORDER BY f.id), '{}'), coalesce(array_agg(f.amount_minor ORDER BY f.id), '{}')
    INTO v_packet_ids, v_packet_amounts
    FROM (SELECT p.id, p.amount_minor FROM red_packets p WHERE p.round_id = p_round_id AND p.player_id IS NULL
          ORDER BY p.id LIMIT cardinality(v_ready) FOR UPDATE SKIP LOCKED) f;
  END IF;

  -- 3. The payments, each in its own subtransaction.
  FOREACH k IN ARRAY v_ready LOOP
    v_player := p_player_ids[k];
    v_house := p_house_account_ids[k];
    o_player_id := v_player;
    o_packet_id := NULL; o_amount_minor := NULL; o_wallet_id := NULL; o_journal_id := NULL;
    IF v_next > cardinality(v_packet_ids) THEN
      -- Nothing was left for this player: the round ran out, or its window closed while the batch ran.
      o_outcome := CASE WHEN clock_timestamp() >= r.ends_at THEN 'ended' ELSE 'empty' END;
      RETURN NEXT;
      CONTINUE;
    END IF;
    o_packet_id := v_packet_ids[v_next];
    o_amount_minor := v_packet_amounts[v_next];
    BEGIN
      IF o_amount_minor >= r.approval_ceiling_minor THEN
        UPDATE red_packets SET player_id = v_player, claimed_at = now(), status = 'pending' WHERE id = o_packet_id;
        o_outcome := 'pending';
      ELSE
        IF r.flow_multiple > 0 THEN
          INSERT INTO bonus_wallets (player_id, name, name_en, is_sports, platform_codes, bonus_bet_minor, give_up_wallet_amount_minor, granted_by)
          VALUES (v_player, p_name, p_name_en, false, '[]'::jsonb, o_amount_minor * r.flow_multiple, 0, NULL)
          RETURNING id INTO o_wallet_id;
          INSERT INTO accounts (player_id, kind, ref) VALUES (v_player, 'bonus', o_wallet_id::text) RETURNING id INTO v_target;
          v_ref := o_wallet_id::text;
        ELSE
          v_target := NULL;
          SELECT id INTO v_target FROM accounts WHERE player_id = v_player AND kind = 'central' AND ref = '';
          IF v_target IS NULL THEN
            INSERT INTO accounts (player_id, kind, ref) VALUES (v_player, 'central', '') ON CONFLICT (player_id, kind, ref) DO NOTHING RETURNING id INTO v_target;
            IF v_target IS NULL THEN
              SELECT id INTO v_target FROM accounts WHERE player_id = v_player AND kind = 'central' AND ref = '';
            END IF;
          END IF;
          v_ref := 'red_packet:' || o_packet_id;
        END IF;
        -- The legs in ascending account order, as postJournal sends them and requestHash() hashes them.
        IF v_house < v_target THEN
          v_ids := ARRAY[v_house, v_target];
          v_amounts := ARRAY[-o_amount_minor, o_amount_minor];
        ELSE
          v_ids := ARRAY[v_target, v_house];
          v_amounts := ARRAY[o_amount_minor, -o_amount_minor];
        END IF;
        v_legs := format('[[%s,"%sn"],[%s,"%sn"]]', v_ids[1], v_amounts[1], v_ids[2], v_amounts[2]);
        v_key := format('red_packet:%s:%s:%s', p_round_id, o_packet_id, v_player);
        v_hash := sha256(convert_to(format(
          '{"kind":"red_packet","request":{"roundId":%s,"packetId":%s,"playerId":%s,"amountMinor":"%s"},"legs":%s}',
          p_round_id, o_packet_id, v_player, o_amount_minor, v_legs), 'UTF8'));
        SELECT j.o_journal_id, j.o_outcome INTO o_journal_id, v_posted
        FROM ledger_post_journal('red_packet', v_key, v_hash, v_player, v_ref, p_name, NULL, v_ids, v_amounts) j;
        -- A packet is taken once, so its key is new: anything but a posted journal means the ledger and the packet
        -- disagree, and the whole batch is undone rather than paid twice (this is raised past the handler below).
        IF v_posted IS DISTINCT FROM 'posted' THEN
          RAISE EXCEPTION 'red packet: journal % for packet %', v_posted, o_packet_id;
        END IF;
        UPDATE red_packets SET player_id = v_player, claimed_at = now(), status = 'approved', wallet_id = o_wallet_id, journal_id = o_journal_id,
          reviewed_by = NULL, reviewed_at = now()
        WHERE id = o_packet_id;
        o_outcome := 'paid';
      END IF;
    EXCEPTION WHEN unique_violation THEN
      -- Only the per-player index can be violated here (a wallet, an account and a journal key are new): the player's
      -- claim in another batch took a packet first. This packet is still locked by the batch and goes to the next player.
      o_outcome := 'claimed';
      o_packet_id := NULL; o_amount_minor := NULL; o_wallet_id := NULL; o_journal_id := NULL;
      RETURN NEXT;
      CONTINUE;
    END;
    v_next := v_next + 1;
    IF o_journal_id IS NOT NULL THEN
      v_journals := v_journals || o_journal_id;
      v_journal_players := v_journal_players || v_player;
    END IF;
    RETURN NEXT;
  END LOOP;

  -- 4. The day's money aggregates, as postJournal adds every journal of a reported kind, in this same transaction;
  -- by totals shard (ledger_report_journal's player % 16) and then player, so the shards are locked last and in order.
  FOR i IN SELECT s.n FROM unnest(v_journal_players) WITH ORDINALITY AS s(player, n) ORDER BY s.player % 16, s.player LOOP
    PERFORM ledger_report_journal(v_journals[i]);
  END LOOP;
END
$$;
