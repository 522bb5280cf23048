-- The full-text indexes of global search keep at most 64 kB of new entries aside (schema.ts SEARCH_INDEX_OPTIONS);
-- changed in place rather than rebuilt, and what they had aside merged now.
ALTER INDEX "task_comments_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "users_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "vfs_contents_document_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "vfs_nodes_name_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass) FROM unnest(array['task_comments_search_idx', 'users_search_idx', 'vfs_contents_document_idx', 'vfs_nodes_name_search_idx']) AS i;
