CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint,
	"staff_id" bigint,
	"is_public" boolean DEFAULT false NOT NULL,
	"used_for" varchar(20),
	"mime" varchar(30) NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_owner" CHECK (("uploads"."player_id" is null) <> ("uploads"."staff_id" is null))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_player_idx" ON "uploads" USING btree ("player_id","created_at");