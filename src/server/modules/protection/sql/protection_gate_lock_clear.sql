-- The protection gate's lock and its quick answer, for callers that decide in one SQL statement (the seamless debit).
-- Takes the same per-player advisory lock as lockPlayerGate (modules/protection/gate.ts), held to the end of the
-- caller's transaction, and answers true only when the player has no limit with a value and no exclusion at all, past
-- or present: then nothing in checkGate can refuse. Any other player is answered false and the caller asks the full
-- gate (the service's own code), so this never has to know how limits are counted.
CREATE OR REPLACE FUNCTION protection_gate_lock_clear(p_player_id bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('protection-gate'), p_player_id::int);
  RETURN NOT EXISTS (SELECT 1 FROM protection_limits WHERE player_id = p_player_id AND limit_value IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM protection_exclusions WHERE player_id = p_player_id);
END
$$;
