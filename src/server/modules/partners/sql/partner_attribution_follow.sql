-- The trigger of partner bindings that keeps partner_attributions, the spans of days each partner a player counts for.
-- A binding made at registration covers the player's whole history; one an operator makes later covers the days from
-- the one after it on. A move closes the open span at that day and opens the new partner's; a second move on the same
-- day replaces the span that has not begun yet; removing the binding closes the span.
CREATE OR REPLACE FUNCTION partner_attribution_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_from date;
  v_player bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_player := NEW.player_id;
    v_from := CASE WHEN NEW.source = 'operator' THEN (NEW.bound_at AT TIME ZONE 'Asia/Taipei')::date + 1 ELSE '-infinity'::date END;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.partner_id = OLD.partner_id THEN RETURN NEW; END IF;
    v_player := NEW.player_id;
    v_from := (NEW.bound_at AT TIME ZONE 'Asia/Taipei')::date + 1;
  ELSE
    v_player := OLD.player_id;
    v_from := (now() AT TIME ZONE 'Asia/Taipei')::date + 1;
  END IF;
  DELETE FROM partner_attributions WHERE player_id = v_player AND from_day >= v_from;
  UPDATE partner_attributions SET until_day = v_from WHERE player_id = v_player AND (until_day IS NULL OR until_day > v_from);
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  INSERT INTO partner_attributions (player_id, partner_id, from_day, source) VALUES (v_player, NEW.partner_id, v_from, NEW.source);
  RETURN NEW;
END $$;
