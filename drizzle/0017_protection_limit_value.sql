ALTER TABLE "protection_limits" RENAME COLUMN "value_minor" TO "limit_value";--> statement-breakpoint
ALTER TABLE "protection_limits" RENAME COLUMN "pending_value_minor" TO "pending_limit_value";--> statement-breakpoint
-- A protection limit's value is minor units for money limits but minutes for session and reality-check limits, so
-- its columns lose the _minor suffix. red_packet_claim (0014) reads the column by name inside its body, which
-- PostgreSQL parses only when it runs, so it is recreated here unchanged apart from that name.
-- red_packet_claim: its one definition is src/server/modules/redpacket/sql/red_packet_claim.sql (src/server/db/migrate.ts applies it).
