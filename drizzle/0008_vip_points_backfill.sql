-- VIP points: bets recorded before points existed earn none retroactively. Marking them as
-- already handled keeps the points sweep from awarding points for the whole history on its first run and
-- empties the partial index bet_records_points_due_idx for those rows.
UPDATE "bet_records" SET "points_version" = "version" WHERE "points_version" < "version";
