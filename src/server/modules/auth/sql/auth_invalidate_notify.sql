-- Tells every app instance (LISTEN auth_invalidate) when a cached player session stops being valid: a session
-- revoked, shortened or deleted ('s:<id>'), or a player whose row changed in anything but the time of the last
-- login ('p:<id>': status and password end sessions, the rest is shown by GET /api/auth/me).
-- src/server/modules/auth/session-cache.ts listens; the triggers that call this are in drizzle/0007_auth_invalidate.sql.
create or replace function auth_invalidate_notify() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'sessions' then
    if tg_op = 'DELETE' then
      perform pg_notify('auth_invalidate', 's:' || old.id);
    elsif new.revoked_at is distinct from old.revoked_at or new.expires_at < old.expires_at
      or new.created_at is distinct from old.created_at
      or new.token_hash is distinct from old.token_hash or new.player_id is distinct from old.player_id then
      perform pg_notify('auth_invalidate', 's:' || new.id);
    end if;
  elsif tg_table_name = 'players' then
    if tg_op = 'DELETE' then
      perform pg_notify('auth_invalidate', 'p:' || old.id);
    elsif (to_jsonb(new) - 'last_login_at') is distinct from (to_jsonb(old) - 'last_login_at') then
      perform pg_notify('auth_invalidate', 'p:' || new.id);
    end if;
  elsif tg_table_name in ('bonus_wallets', 'player_platforms') then
    -- Activity wallets (bet progress, status) and platform bindings are shown by GET /api/auth/me.
    perform pg_notify('auth_invalidate', 'p:' || coalesce(new.player_id, old.player_id));
  end if;
  return null;
end
$$;
