ALTER TABLE "sessions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "roles" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_provider" text;--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));