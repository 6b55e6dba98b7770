-- Tells every app instance (LISTEN auth_invalidate) when a cached player session stops being valid: a session
-- revoked, shortened or deleted ('s:<id>'), or a player whose row changed in anything but the time of the last
-- login ('p:<id>': status and password end sessions, the rest is shown by GET /api/auth/me).
-- Written by hand: drizzle-kit cannot generate functions or triggers. See src/server/modules/auth/session-cache.ts.
-- auth_invalidate_notify: its one definition is src/server/modules/auth/sql/auth_invalidate_notify.sql (src/server/db/migrate.ts applies it).
--> statement-breakpoint
create trigger sessions_auth_invalidate after update or delete on sessions
  for each row execute function auth_invalidate_notify();
--> statement-breakpoint
create trigger players_auth_invalidate after update or delete on players
  for each row execute function auth_invalidate_notify();
--> statement-breakpoint
create trigger bonus_wallets_auth_invalidate after insert or update or delete on bonus_wallets
  for each row execute function auth_invalidate_notify();
--> statement-breakpoint
create trigger player_platforms_auth_invalidate after insert or update or delete on player_platforms
  for each row execute function auth_invalidate_notify();
