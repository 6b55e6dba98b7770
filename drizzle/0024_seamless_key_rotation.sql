ALTER TABLE "seamless_platforms" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "seamless_platforms" ADD COLUMN "previous_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "seamless_platforms" ADD COLUMN "previous_valid_until" timestamp with time zone;