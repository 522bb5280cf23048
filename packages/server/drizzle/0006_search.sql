CREATE TABLE "vfs_contents" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vfs_contents" ADD CONSTRAINT "vfs_contents_node_id_vfs_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."vfs_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vfs_contents_document_idx" ON "vfs_contents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ((setweight(to_tsvector('simple'::regconfig, "firstname" || ' ' || "lastname" || ' ' || translate("username", '._-', '   ')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("designation", '')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce("email", ''), '@._-+', '     ')), 'C')));--> statement-breakpoint
CREATE INDEX "vfs_nodes_name_search_idx" ON "vfs_nodes" USING gin (to_tsvector('simple'::regconfig, translate("name", '._-', '   ')));