ALTER TABLE "audit_log" ADD COLUMN "player_id" bigint;--> statement-breakpoint
CREATE INDEX "audit_log_player_idx" ON "audit_log" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
-- hand-written below
-- Earlier entries name their player in the target ("player:12") or in the detail (player_id / playerId).
UPDATE "audit_log" SET "player_id" = CASE
  WHEN "target" ~ '^player:[0-9]{1,18}$' THEN substring("target" from 8)::bigint
  WHEN jsonb_typeof("detail"->'player_id') = 'number' THEN ("detail"->>'player_id')::bigint
  WHEN jsonb_typeof("detail"->'playerId') = 'number' THEN ("detail"->>'playerId')::bigint
END
WHERE "player_id" IS NULL;
