-- Trigram index of names for searches (docs/behaviour/files.md#search); a trusted extension since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "vfs_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mount" text NOT NULL,
	"scope" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"is_directory" boolean NOT NULL,
	"mime" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"blob_key" uuid,
	"sha256" text,
	"owner_id" uuid,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vfs_usage" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vfs_nodes" ADD CONSTRAINT "vfs_nodes_parent_id_vfs_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."vfs_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vfs_nodes" ADD CONSTRAINT "vfs_nodes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vfs_nodes" ADD CONSTRAINT "vfs_nodes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vfs_usage" ADD CONSTRAINT "vfs_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vfs_nodes_parent_name_key" ON "vfs_nodes" USING btree ("parent_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vfs_nodes_root_key" ON "vfs_nodes" USING btree ("mount","scope") WHERE "vfs_nodes"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "vfs_nodes_mount_scope_idx" ON "vfs_nodes" USING btree ("mount","scope");--> statement-breakpoint
CREATE INDEX "vfs_nodes_blob_idx" ON "vfs_nodes" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "vfs_nodes_owner_idx" ON "vfs_nodes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "vfs_nodes_name_trgm_idx" ON "vfs_nodes" USING gin (lower("name") gin_trgm_ops);