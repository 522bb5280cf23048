CREATE TABLE "dataset_rollups" (
	"def_id" uuid NOT NULL,
	"key" uuid NOT NULL,
	"month" date,
	"owner_id" uuid,
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
	"rows" bigint NOT NULL,
	"s1" numeric DEFAULT '0' NOT NULL,
	"s2" numeric DEFAULT '0' NOT NULL,
	"s3" numeric DEFAULT '0' NOT NULL,
	"s4" numeric DEFAULT '0' NOT NULL,
	"s5" numeric DEFAULT '0' NOT NULL,
	"s6" numeric DEFAULT '0' NOT NULL,
	"s7" numeric DEFAULT '0' NOT NULL,
	"s8" numeric DEFAULT '0' NOT NULL,
	"s9" numeric DEFAULT '0' NOT NULL,
	"s10" numeric DEFAULT '0' NOT NULL,
	"s11" numeric DEFAULT '0' NOT NULL,
	"s12" numeric DEFAULT '0' NOT NULL,
	"c1" bigint DEFAULT 0 NOT NULL,
	"c2" bigint DEFAULT 0 NOT NULL,
	"c3" bigint DEFAULT 0 NOT NULL,
	"c4" bigint DEFAULT 0 NOT NULL,
	"c5" bigint DEFAULT 0 NOT NULL,
	"c6" bigint DEFAULT 0 NOT NULL,
	"c7" bigint DEFAULT 0 NOT NULL,
	"c8" bigint DEFAULT 0 NOT NULL,
	"c9" bigint DEFAULT 0 NOT NULL,
	"c10" bigint DEFAULT 0 NOT NULL,
	"c11" bigint DEFAULT 0 NOT NULL,
	"c12" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dataset_rollups_def_id_key_pk" PRIMARY KEY("def_id","key")
);
--> statement-breakpoint
ALTER TABLE "dataset_rollups" ADD CONSTRAINT "dataset_rollups_def_id_dataset_defs_id_fk" FOREIGN KEY ("def_id") REFERENCES "public"."dataset_defs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The roll-ups of datasets kept in step with their facts (packages/server/src/datasets/README.md, "Roll-ups"): per
-- dataset, month of the time field, owner and combination of text slots, how many facts and, per number slot, their
-- sum and how many had a value. Statement-level triggers with transition tables, so a statement of a thousand facts
-- adds to each roll-up row once. The key is the md5 of the month (as text, whatever the session's date style), the
-- owner and the slots. Sums are numeric, so that subtracting what was added leaves exactly what was there.
CREATE OR REPLACE FUNCTION dataset_rollups_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_rollups AS r (def_id, key, month, owner_id, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, rows, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12)
    SELECT g.def_id, md5(row(to_char(g.month, 'YYYY-MM'), g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20)::text)::uuid AS key, g.month, g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20, g.rows, g.s1, g.s2, g.s3, g.s4, g.s5, g.s6, g.s7, g.s8, g.s9, g.s10, g.s11, g.s12, g.c1, g.c2, g.c3, g.c4, g.c5, g.c6, g.c7, g.c8, g.c9, g.c10, g.c11, g.c12
    FROM (SELECT f.def_id, date_trunc('month', f.at::timestamp)::date AS month, f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20, count(*) AS rows, coalesce(sum(f.n1::numeric), 0) AS s1, coalesce(sum(f.n2::numeric), 0) AS s2, coalesce(sum(f.n3::numeric), 0) AS s3, coalesce(sum(f.n4::numeric), 0) AS s4, coalesce(sum(f.n5::numeric), 0) AS s5, coalesce(sum(f.n6::numeric), 0) AS s6, coalesce(sum(f.n7::numeric), 0) AS s7, coalesce(sum(f.n8::numeric), 0) AS s8, coalesce(sum(f.n9::numeric), 0) AS s9, coalesce(sum(f.n10::numeric), 0) AS s10, coalesce(sum(f.n11::numeric), 0) AS s11, coalesce(sum(f.n12::numeric), 0) AS s12, count(f.n1) AS c1, count(f.n2) AS c2, count(f.n3) AS c3, count(f.n4) AS c4, count(f.n5) AS c5, count(f.n6) AS c6, count(f.n7) AS c7, count(f.n8) AS c8, count(f.n9) AS c9, count(f.n10) AS c10, count(f.n11) AS c11, count(f.n12) AS c12
      FROM new_facts f GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23) g
    ORDER BY 1, 2
  ON CONFLICT (def_id, key) DO UPDATE SET rows = r.rows + excluded.rows, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3, s4 = r.s4 + excluded.s4, s5 = r.s5 + excluded.s5, s6 = r.s6 + excluded.s6, s7 = r.s7 + excluded.s7, s8 = r.s8 + excluded.s8, s9 = r.s9 + excluded.s9, s10 = r.s10 + excluded.s10, s11 = r.s11 + excluded.s11, s12 = r.s12 + excluded.s12, c1 = r.c1 + excluded.c1, c2 = r.c2 + excluded.c2, c3 = r.c3 + excluded.c3, c4 = r.c4 + excluded.c4, c5 = r.c5 + excluded.c5, c6 = r.c6 + excluded.c6, c7 = r.c7 + excluded.c7, c8 = r.c8 + excluded.c8, c9 = r.c9 + excluded.c9, c10 = r.c10 + excluded.c10, c11 = r.c11 + excluded.c11, c12 = r.c12 + excluded.c12;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dataset_rollups_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dataset_rollups r SET rows = r.rows - g.rows, s1 = r.s1 - g.s1, s2 = r.s2 - g.s2, s3 = r.s3 - g.s3, s4 = r.s4 - g.s4, s5 = r.s5 - g.s5, s6 = r.s6 - g.s6, s7 = r.s7 - g.s7, s8 = r.s8 - g.s8, s9 = r.s9 - g.s9, s10 = r.s10 - g.s10, s11 = r.s11 - g.s11, s12 = r.s12 - g.s12, c1 = r.c1 - g.c1, c2 = r.c2 - g.c2, c3 = r.c3 - g.c3, c4 = r.c4 - g.c4, c5 = r.c5 - g.c5, c6 = r.c6 - g.c6, c7 = r.c7 - g.c7, c8 = r.c8 - g.c8, c9 = r.c9 - g.c9, c10 = r.c10 - g.c10, c11 = r.c11 - g.c11, c12 = r.c12 - g.c12
    FROM (SELECT g.def_id, md5(row(to_char(g.month, 'YYYY-MM'), g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20)::text)::uuid AS key, g.month, g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20, g.rows, g.s1, g.s2, g.s3, g.s4, g.s5, g.s6, g.s7, g.s8, g.s9, g.s10, g.s11, g.s12, g.c1, g.c2, g.c3, g.c4, g.c5, g.c6, g.c7, g.c8, g.c9, g.c10, g.c11, g.c12
    FROM (SELECT f.def_id, date_trunc('month', f.at::timestamp)::date AS month, f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20, count(*) AS rows, coalesce(sum(f.n1::numeric), 0) AS s1, coalesce(sum(f.n2::numeric), 0) AS s2, coalesce(sum(f.n3::numeric), 0) AS s3, coalesce(sum(f.n4::numeric), 0) AS s4, coalesce(sum(f.n5::numeric), 0) AS s5, coalesce(sum(f.n6::numeric), 0) AS s6, coalesce(sum(f.n7::numeric), 0) AS s7, coalesce(sum(f.n8::numeric), 0) AS s8, coalesce(sum(f.n9::numeric), 0) AS s9, coalesce(sum(f.n10::numeric), 0) AS s10, coalesce(sum(f.n11::numeric), 0) AS s11, coalesce(sum(f.n12::numeric), 0) AS s12, count(f.n1) AS c1, count(f.n2) AS c2, count(f.n3) AS c3, count(f.n4) AS c4, count(f.n5) AS c5, count(f.n6) AS c6, count(f.n7) AS c7, count(f.n8) AS c8, count(f.n9) AS c9, count(f.n10) AS c10, count(f.n11) AS c11, count(f.n12) AS c12
      FROM old_facts f GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23) g) g
    WHERE r.def_id = g.def_id AND r.key = g.key;
  DELETE FROM dataset_rollups r USING (SELECT DISTINCT f.def_id, md5(row(to_char(f.month, 'YYYY-MM'), f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20)::text)::uuid AS key FROM (SELECT o.*, date_trunc('month', o.at::timestamp)::date AS month FROM old_facts o) f) g
    WHERE r.def_id = g.def_id AND r.key = g.key AND r.rows <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dataset_rollups_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dataset_rollups r SET rows = r.rows - g.rows, s1 = r.s1 - g.s1, s2 = r.s2 - g.s2, s3 = r.s3 - g.s3, s4 = r.s4 - g.s4, s5 = r.s5 - g.s5, s6 = r.s6 - g.s6, s7 = r.s7 - g.s7, s8 = r.s8 - g.s8, s9 = r.s9 - g.s9, s10 = r.s10 - g.s10, s11 = r.s11 - g.s11, s12 = r.s12 - g.s12, c1 = r.c1 - g.c1, c2 = r.c2 - g.c2, c3 = r.c3 - g.c3, c4 = r.c4 - g.c4, c5 = r.c5 - g.c5, c6 = r.c6 - g.c6, c7 = r.c7 - g.c7, c8 = r.c8 - g.c8, c9 = r.c9 - g.c9, c10 = r.c10 - g.c10, c11 = r.c11 - g.c11, c12 = r.c12 - g.c12
    FROM (SELECT g.def_id, md5(row(to_char(g.month, 'YYYY-MM'), g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20)::text)::uuid AS key, g.month, g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20, g.rows, g.s1, g.s2, g.s3, g.s4, g.s5, g.s6, g.s7, g.s8, g.s9, g.s10, g.s11, g.s12, g.c1, g.c2, g.c3, g.c4, g.c5, g.c6, g.c7, g.c8, g.c9, g.c10, g.c11, g.c12
    FROM (SELECT f.def_id, date_trunc('month', f.at::timestamp)::date AS month, f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20, count(*) AS rows, coalesce(sum(f.n1::numeric), 0) AS s1, coalesce(sum(f.n2::numeric), 0) AS s2, coalesce(sum(f.n3::numeric), 0) AS s3, coalesce(sum(f.n4::numeric), 0) AS s4, coalesce(sum(f.n5::numeric), 0) AS s5, coalesce(sum(f.n6::numeric), 0) AS s6, coalesce(sum(f.n7::numeric), 0) AS s7, coalesce(sum(f.n8::numeric), 0) AS s8, coalesce(sum(f.n9::numeric), 0) AS s9, coalesce(sum(f.n10::numeric), 0) AS s10, coalesce(sum(f.n11::numeric), 0) AS s11, coalesce(sum(f.n12::numeric), 0) AS s12, count(f.n1) AS c1, count(f.n2) AS c2, count(f.n3) AS c3, count(f.n4) AS c4, count(f.n5) AS c5, count(f.n6) AS c6, count(f.n7) AS c7, count(f.n8) AS c8, count(f.n9) AS c9, count(f.n10) AS c10, count(f.n11) AS c11, count(f.n12) AS c12
      FROM old_facts f GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23) g) g
    WHERE r.def_id = g.def_id AND r.key = g.key;
  DELETE FROM dataset_rollups r USING (SELECT DISTINCT f.def_id, md5(row(to_char(f.month, 'YYYY-MM'), f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20)::text)::uuid AS key FROM (SELECT o.*, date_trunc('month', o.at::timestamp)::date AS month FROM old_facts o) f) g
    WHERE r.def_id = g.def_id AND r.key = g.key AND r.rows <= 0;
  INSERT INTO dataset_rollups AS r (def_id, key, month, owner_id, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, rows, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12)
    SELECT g.def_id, md5(row(to_char(g.month, 'YYYY-MM'), g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20)::text)::uuid AS key, g.month, g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20, g.rows, g.s1, g.s2, g.s3, g.s4, g.s5, g.s6, g.s7, g.s8, g.s9, g.s10, g.s11, g.s12, g.c1, g.c2, g.c3, g.c4, g.c5, g.c6, g.c7, g.c8, g.c9, g.c10, g.c11, g.c12
    FROM (SELECT f.def_id, date_trunc('month', f.at::timestamp)::date AS month, f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20, count(*) AS rows, coalesce(sum(f.n1::numeric), 0) AS s1, coalesce(sum(f.n2::numeric), 0) AS s2, coalesce(sum(f.n3::numeric), 0) AS s3, coalesce(sum(f.n4::numeric), 0) AS s4, coalesce(sum(f.n5::numeric), 0) AS s5, coalesce(sum(f.n6::numeric), 0) AS s6, coalesce(sum(f.n7::numeric), 0) AS s7, coalesce(sum(f.n8::numeric), 0) AS s8, coalesce(sum(f.n9::numeric), 0) AS s9, coalesce(sum(f.n10::numeric), 0) AS s10, coalesce(sum(f.n11::numeric), 0) AS s11, coalesce(sum(f.n12::numeric), 0) AS s12, count(f.n1) AS c1, count(f.n2) AS c2, count(f.n3) AS c3, count(f.n4) AS c4, count(f.n5) AS c5, count(f.n6) AS c6, count(f.n7) AS c7, count(f.n8) AS c8, count(f.n9) AS c9, count(f.n10) AS c10, count(f.n11) AS c11, count(f.n12) AS c12
      FROM new_facts f GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23) g
    ORDER BY 1, 2
  ON CONFLICT (def_id, key) DO UPDATE SET rows = r.rows + excluded.rows, s1 = r.s1 + excluded.s1, s2 = r.s2 + excluded.s2, s3 = r.s3 + excluded.s3, s4 = r.s4 + excluded.s4, s5 = r.s5 + excluded.s5, s6 = r.s6 + excluded.s6, s7 = r.s7 + excluded.s7, s8 = r.s8 + excluded.s8, s9 = r.s9 + excluded.s9, s10 = r.s10 + excluded.s10, s11 = r.s11 + excluded.s11, s12 = r.s12 + excluded.s12, c1 = r.c1 + excluded.c1, c2 = r.c2 + excluded.c2, c3 = r.c3 + excluded.c3, c4 = r.c4 + excluded.c4, c5 = r.c5 + excluded.c5, c6 = r.c6 + excluded.c6, c7 = r.c7 + excluded.c7, c8 = r.c8 + excluded.c8, c9 = r.c9 + excluded.c9, c10 = r.c10 + excluded.c10, c11 = r.c11 + excluded.c11, c12 = r.c12 + excluded.c12;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dataset_facts_rollups_insert AFTER INSERT ON dataset_facts REFERENCING NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION dataset_rollups_inserted();
--> statement-breakpoint
CREATE TRIGGER dataset_facts_rollups_delete AFTER DELETE ON dataset_facts REFERENCING OLD TABLE AS old_facts FOR EACH STATEMENT EXECUTE FUNCTION dataset_rollups_deleted();
--> statement-breakpoint
CREATE TRIGGER dataset_facts_rollups_update AFTER UPDATE ON dataset_facts REFERENCING OLD TABLE AS old_facts NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION dataset_rollups_updated();
--> statement-breakpoint
-- The facts already there.
INSERT INTO dataset_rollups (def_id, key, month, owner_id, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, rows, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12)
  SELECT g.def_id, md5(row(to_char(g.month, 'YYYY-MM'), g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20)::text)::uuid AS key, g.month, g.owner_id, g.d1, g.d2, g.d3, g.d4, g.d5, g.d6, g.d7, g.d8, g.d9, g.d10, g.d11, g.d12, g.d13, g.d14, g.d15, g.d16, g.d17, g.d18, g.d19, g.d20, g.rows, g.s1, g.s2, g.s3, g.s4, g.s5, g.s6, g.s7, g.s8, g.s9, g.s10, g.s11, g.s12, g.c1, g.c2, g.c3, g.c4, g.c5, g.c6, g.c7, g.c8, g.c9, g.c10, g.c11, g.c12
    FROM (SELECT f.def_id, date_trunc('month', f.at::timestamp)::date AS month, f.owner_id, f.d1, f.d2, f.d3, f.d4, f.d5, f.d6, f.d7, f.d8, f.d9, f.d10, f.d11, f.d12, f.d13, f.d14, f.d15, f.d16, f.d17, f.d18, f.d19, f.d20, count(*) AS rows, coalesce(sum(f.n1::numeric), 0) AS s1, coalesce(sum(f.n2::numeric), 0) AS s2, coalesce(sum(f.n3::numeric), 0) AS s3, coalesce(sum(f.n4::numeric), 0) AS s4, coalesce(sum(f.n5::numeric), 0) AS s5, coalesce(sum(f.n6::numeric), 0) AS s6, coalesce(sum(f.n7::numeric), 0) AS s7, coalesce(sum(f.n8::numeric), 0) AS s8, coalesce(sum(f.n9::numeric), 0) AS s9, coalesce(sum(f.n10::numeric), 0) AS s10, coalesce(sum(f.n11::numeric), 0) AS s11, coalesce(sum(f.n12::numeric), 0) AS s12, count(f.n1) AS c1, count(f.n2) AS c2, count(f.n3) AS c3, count(f.n4) AS c4, count(f.n5) AS c5, count(f.n6) AS c6, count(f.n7) AS c7, count(f.n8) AS c8, count(f.n9) AS c9, count(f.n10) AS c10, count(f.n11) AS c11, count(f.n12) AS c12
      FROM dataset_facts f GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23) g;
