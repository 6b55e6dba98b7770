ALTER TABLE "journals" ADD COLUMN "reverses_journal_id" bigint;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_reverses_journal_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_reverses_journal_uq" ON "journals" USING btree ("reverses_journal_id");--> statement-breakpoint
-- ledger_post_asset_journal: ledger_post_journal behind a check that every account of the journal holds the
-- journal's asset (money or points), so a money journal that names a points account, or the reverse, is refused
-- before anything is written. postJournal calls it with the asset its journal kind moves; ledger_post_journal
-- itself stays as it was for every other caller. Doing the check here keeps a journal at one round trip: the
-- accounts it reads are the ones ledger_post_journal is about to lock, so their index pages are already warm.
-- An account that does not exist is left to ledger_post_journal, which refuses it with its own message.
CREATE OR REPLACE FUNCTION ledger_post_asset_journal(
  p_asset text, p_kind text, p_idempotency_key text, p_request_hash bytea, p_player_id bigint, p_ref text, p_memo text,
  p_staff_id bigint, p_account_ids bigint[], p_amounts bigint[],
  OUT o_journal_id bigint, OUT o_outcome text, OUT o_account_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_account bigint;
  v_asset text;
BEGIN
  SELECT a.id, a.asset INTO v_account, v_asset FROM accounts a
  WHERE a.id = ANY (p_account_ids) AND a.asset <> p_asset ORDER BY a.id LIMIT 1;
  IF v_account IS NOT NULL THEN
    RAISE EXCEPTION 'ledger invariant: a % journal touches account % of asset %', p_asset, v_account, v_asset;
  END IF;
  SELECT f.o_journal_id, f.o_outcome, f.o_account_id INTO o_journal_id, o_outcome, o_account_id
  FROM ledger_post_journal(p_kind, p_idempotency_key, p_request_hash, p_player_id, p_ref, p_memo, p_staff_id, p_account_ids, p_amounts) f;
END
$$;
