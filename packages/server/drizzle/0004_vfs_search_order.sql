DROP INDEX "vfs_nodes_mount_scope_idx";--> statement-breakpoint
CREATE INDEX "vfs_nodes_scope_name_idx" ON "vfs_nodes" USING btree ("mount","scope","name","id");