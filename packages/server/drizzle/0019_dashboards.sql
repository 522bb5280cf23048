CREATE TABLE "dashboard_alerts" (
	"dashboard_id" uuid NOT NULL,
	"widget_id" text NOT NULL,
	"colour" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"task_id" uuid,
	CONSTRAINT "dashboard_alerts_dashboard_id_widget_id_pk" PRIMARY KEY("dashboard_id","widget_id")
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"owner_id" uuid,
	"sharing" text DEFAULT 'private' NOT NULL,
	"sharing_app" text,
	"sharing_role" text,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_defs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"dataset" text NOT NULL,
	"entity" text NOT NULL,
	"layout" jsonb NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dataset_defs_key" UNIQUE("account_id","app_id","dataset")
);
--> statement-breakpoint
CREATE TABLE "dataset_facts" (
	"def_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"owner_id" uuid,
	"at" date,
	"d1" text,
	"d2" text,
	"d3" text,
	"d4" text,
	"d5" text,
	"d6" text,
	"d7" text,
	"d8" text,
	"d9" text,
	"d10" text,
	"d11" text,
	"d12" text,
	"d13" text,
	"d14" text,
	"d15" text,
	"d16" text,
	"d17" text,
	"d18" text,
	"d19" text,
	"d20" text,
	"n1" double precision,
	"n2" double precision,
	"n3" double precision,
	"n4" double precision,
	"n5" double precision,
	"n6" double precision,
	"n7" double precision,
	"n8" double precision,
	"n9" double precision,
	"n10" double precision,
	"n11" double precision,
	"n12" double precision,
	CONSTRAINT "dataset_facts_def_id_record_id_pk" PRIMARY KEY("def_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "home_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"html" text,
	"dashboard_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_blocks_key" UNIQUE NULLS NOT DISTINCT("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_alerts" ADD CONSTRAINT "dashboard_alerts_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_defs" ADD CONSTRAINT "dataset_defs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_defs" ADD CONSTRAINT "dataset_defs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_facts" ADD CONSTRAINT "dataset_facts_def_id_dataset_defs_id_fk" FOREIGN KEY ("def_id") REFERENCES "public"."dataset_defs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_facts" ADD CONSTRAINT "dataset_facts_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_blocks" ADD CONSTRAINT "home_blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_blocks" ADD CONSTRAINT "home_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_blocks" ADD CONSTRAINT "home_blocks_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboards_account_idx" ON "dashboards" USING btree ("account_id","sharing");--> statement-breakpoint
CREATE INDEX "dashboards_owner_idx" ON "dashboards" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "dataset_defs_entity_idx" ON "dataset_defs" USING btree ("account_id","app_id","entity");--> statement-breakpoint
CREATE INDEX "dataset_facts_record_idx" ON "dataset_facts" USING btree ("record_id");