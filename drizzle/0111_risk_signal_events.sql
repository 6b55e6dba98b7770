-- hand-written below
-- A risk signal remembers the outbox event that first recorded it and the newest event that touched it. Events are
-- delivered at least once: a second delivery of an event that already touched a signal changes nothing, and a
-- redelivery of the event that first recorded it (the process died before its pairs were scored) scores them again.
ALTER TABLE "risk_signals" ADD COLUMN "first_event_id" bigint;
--> statement-breakpoint
ALTER TABLE "risk_signals" ADD COLUMN "last_event_id" bigint;
