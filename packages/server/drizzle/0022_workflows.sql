CREATE TABLE "record_followers" (
	"record_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_followers_record_id_user_id_pk" PRIMARY KEY("record_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_absences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"delegate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_decisions" (
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"transition" text NOT NULL,
	"comment" text,
	"on_behalf_of" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "workflow_decisions_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"record_id" uuid NOT NULL,
	"state" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"entered_by" uuid,
	"transition" text,
	"due_at" timestamp with time zone,
	"approvals_needed" integer,
	"left_at" timestamp with time zone,
	"left_by" uuid
);
--> statement-breakpoint
CREATE TABLE "workflow_turns" (
	"account_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"state" text NOT NULL,
	"role" text NOT NULL,
	"last_user_id" uuid,
	CONSTRAINT "workflow_turns_account_id_app_id_entity_state_role_pk" PRIMARY KEY("account_id","app_id","entity","state","role")
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "entry_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "delegated_from" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "escalate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "escalates" uuid;--> statement-breakpoint
ALTER TABLE "record_followers" ADD CONSTRAINT "record_followers_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_followers" ADD CONSTRAINT "record_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_absences" ADD CONSTRAINT "user_absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_absences" ADD CONSTRAINT "user_absences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_absences" ADD CONSTRAINT "user_absences_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_digests" ADD CONSTRAINT "user_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decisions" ADD CONSTRAINT "workflow_decisions_entry_id_workflow_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."workflow_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decisions" ADD CONSTRAINT "workflow_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_decisions" ADD CONSTRAINT "workflow_decisions_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_entries" ADD CONSTRAINT "workflow_entries_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_entries" ADD CONSTRAINT "workflow_entries_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_entries" ADD CONSTRAINT "workflow_entries_left_by_users_id_fk" FOREIGN KEY ("left_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_turns" ADD CONSTRAINT "workflow_turns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_turns" ADD CONSTRAINT "workflow_turns_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_turns" ADD CONSTRAINT "workflow_turns_last_user_id_users_id_fk" FOREIGN KEY ("last_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_followers_user_idx" ON "record_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_absences_user_idx" ON "user_absences" USING btree ("user_id","account_id","ends_on");--> statement-breakpoint
CREATE INDEX "workflow_entries_record_idx" ON "workflow_entries" USING btree ("record_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_entries_open_key" ON "workflow_entries" USING btree ("record_id") WHERE "workflow_entries"."left_at" is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_entry_id_workflow_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."workflow_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_delegated_from_users_id_fk" FOREIGN KEY ("delegated_from") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_escalates_tasks_id_fk" FOREIGN KEY ("escalates") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_record_idx" ON "tasks" USING btree ("record_id","status") WHERE "tasks"."record_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_escalate_idx" ON "tasks" USING btree ("escalate_at") WHERE "tasks"."escalate_at" is not null and "tasks"."status" = 'open';