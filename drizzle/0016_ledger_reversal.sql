ALTER TABLE "journals" ADD COLUMN "reverses_journal_id" bigint;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_reverses_journal_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journals_reverses_journal_uq" ON "journals" USING btree ("reverses_journal_id");--> statement-breakpoint
-- ledger_post_asset_journal: ledger_post_journal behind a check that every account of the journal holds the
-- journal's asset (money or points), so a money journal that names a points account, or the reverse, is refused
-- before anything is written. postJournal calls it with the asset its journal kind moves; ledger_post_journal
-- itself stays as it was for every other caller. Doing the check here keeps a journal at one round trip: the
-- accounts it reads are the ones ledger_post_journal is about to lock, so their index pages are already warm.
-- An account that does not exist is left to ledger_post_journal, which refuses it with its own message.
-- ledger_post_asset_journal: its one definition is src/server/ledger/sql/ledger_post_asset_journal.sql (src/server/db/migrate.ts applies it).
