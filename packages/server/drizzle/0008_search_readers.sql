DROP INDEX "task_comments_search_idx";--> statement-breakpoint
ALTER TABLE "task_comments" ADD COLUMN "readers" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Who may find a task's comments in global search (docs/behaviour/search.md#rights): a word
-- '#<organisation id>:<user id>' for the assignee and each follower of the task, kept up to date
-- by the triggers below whatever writes the rows (the server, the operator's command line, a bulk load).
CREATE FUNCTION "task_comment_readers"(task uuid) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT '#' || t.account_id || ':' || r.user_id)), ''::tsvector)
  FROM tasks t CROSS JOIN LATERAL (SELECT t.assignee_id AS user_id UNION SELECT f.user_id FROM task_followers f WHERE f.task_id = t.id) r
  WHERE t.id = task
$$;--> statement-breakpoint
CREATE FUNCTION "task_comments_readers_on_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.readers := task_comment_readers(NEW.task_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "task_comments_readers" BEFORE INSERT OR UPDATE OF "task_id" ON "task_comments" FOR EACH ROW EXECUTE FUNCTION "task_comments_readers_on_write"();--> statement-breakpoint
CREATE FUNCTION "tasks_comment_readers_on_reassign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_comments SET readers = task_comment_readers(NEW.id) WHERE task_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tasks_comment_readers" AFTER UPDATE OF "assignee_id", "account_id" ON "tasks" FOR EACH ROW
  WHEN (OLD.assignee_id IS DISTINCT FROM NEW.assignee_id OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION "tasks_comment_readers_on_reassign"();--> statement-breakpoint
CREATE FUNCTION "task_followers_comment_readers_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_comments c SET readers = task_comment_readers(c.task_id) WHERE c.task_id IN (SELECT DISTINCT task_id FROM changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "task_followers_comment_readers_insert" AFTER INSERT ON "task_followers" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "task_followers_comment_readers_on_change"();--> statement-breakpoint
CREATE TRIGGER "task_followers_comment_readers_delete" AFTER DELETE ON "task_followers" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "task_followers_comment_readers_on_change"();--> statement-breakpoint
UPDATE "task_comments" SET "readers" = task_comment_readers("task_id");--> statement-breakpoint
CREATE INDEX "vfs_nodes_name_stem_idx" ON "vfs_nodes" USING btree (lower(regexp_replace("name", '\.[^.]*$', '')));--> statement-breakpoint
CREATE INDEX "task_comments_search_idx" ON "task_comments" USING gin ("search","readers");