-- The facts of datasets kept in step with the records (packages/server/src/datasets/README.md): the row of facts a
-- record gives in each dataset of its entity, written by triggers on every insert and change of records, in the
-- statement's own transaction, whoever writes. The rule is written once more in datasets/factsLayout.ts (factRow),
-- which the tests hold these functions to.

-- The day a date ('2026-08-21') or a moment (ISO text in UTC) falls on; null for anything else (never an error).
CREATE OR REPLACE FUNCTION dataset_fact_day(v text) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])' AND left(v, 4) <> '0000' THEN
    CASE WHEN substr(v, 9, 2)::int <= extract(day FROM (left(v, 7) || '-01')::date + interval '1 month' - interval '1 day') THEN left(v, 10)::date END
  END
$$;
--> statement-breakpoint
-- A day cut to a part, as a key that sorts as text: 2026, 2026-Q3, 2026-08, 2026-W34 (ISO week), 2026-08-21.
CREATE OR REPLACE FUNCTION dataset_date_key(d date, part text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE part
    WHEN 'year' THEN to_char(d::timestamp, 'YYYY')
    WHEN 'quarter' THEN to_char(d::timestamp, 'YYYY-"Q"Q')
    WHEN 'month' THEN to_char(d::timestamp, 'YYYY-MM')
    WHEN 'week' THEN to_char(d::timestamp, 'IYYY-"W"IW')
    WHEN 'day' THEN to_char(d::timestamp, 'YYYY-MM-DD')
  END
$$;
--> statement-breakpoint
-- A text slot's value: a field's date cut to the slot's part, the owner's id, or a plain value as text ('' is none).
CREATE OR REPLACE FUNCTION dataset_fact_text(slot jsonb, data jsonb, owner uuid, created timestamptz) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN slot IS NULL THEN NULL
    WHEN slot ? 'part' THEN dataset_date_key(
      CASE WHEN slot->>'field' = '@createdAt' THEN (created AT TIME ZONE 'UTC')::date ELSE dataset_fact_day(data->>(slot->>'field')) END,
      slot->>'part')
    WHEN slot->>'field' = '@owner' THEN owner::text
    WHEN left(slot->>'field', 1) = '@' THEN NULL
    WHEN jsonb_typeof(data->(slot->>'field')) IN ('string', 'number', 'boolean') THEN nullif(data->>(slot->>'field'), '')
  END
$$;
--> statement-breakpoint
-- A number slot's value: the field's number, or null.
CREATE OR REPLACE FUNCTION dataset_fact_number(data jsonb, field text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(data->field) = 'number' THEN (data->>field)::double precision END
$$;
--> statement-breakpoint
-- A record's row of facts in one dataset, by the dataset's layout (a set of one row, so that the planner inlines it).
CREATE OR REPLACE FUNCTION dataset_fact_rows(def uuid, layout jsonb, record uuid, data jsonb, owner uuid, created timestamptz)
RETURNS SETOF dataset_facts LANGUAGE sql STABLE AS $$
  SELECT def, record, owner,
    CASE WHEN layout->>'time' IS NULL THEN NULL
      WHEN layout->>'time' = '@createdAt' THEN (created AT TIME ZONE 'UTC')::date
      ELSE dataset_fact_day(data->>(layout->>'time')) END,
    dataset_fact_text(layout->'texts'->0, data, owner, created),
    dataset_fact_text(layout->'texts'->1, data, owner, created),
    dataset_fact_text(layout->'texts'->2, data, owner, created),
    dataset_fact_text(layout->'texts'->3, data, owner, created),
    dataset_fact_text(layout->'texts'->4, data, owner, created),
    dataset_fact_text(layout->'texts'->5, data, owner, created),
    dataset_fact_text(layout->'texts'->6, data, owner, created),
    dataset_fact_text(layout->'texts'->7, data, owner, created),
    dataset_fact_text(layout->'texts'->8, data, owner, created),
    dataset_fact_text(layout->'texts'->9, data, owner, created),
    dataset_fact_text(layout->'texts'->10, data, owner, created),
    dataset_fact_text(layout->'texts'->11, data, owner, created),
    dataset_fact_text(layout->'texts'->12, data, owner, created),
    dataset_fact_text(layout->'texts'->13, data, owner, created),
    dataset_fact_text(layout->'texts'->14, data, owner, created),
    dataset_fact_text(layout->'texts'->15, data, owner, created),
    dataset_fact_text(layout->'texts'->16, data, owner, created),
    dataset_fact_text(layout->'texts'->17, data, owner, created),
    dataset_fact_text(layout->'texts'->18, data, owner, created),
    dataset_fact_text(layout->'texts'->19, data, owner, created),
    dataset_fact_number(data, layout->'numbers'->>0),
    dataset_fact_number(data, layout->'numbers'->>1),
    dataset_fact_number(data, layout->'numbers'->>2),
    dataset_fact_number(data, layout->'numbers'->>3),
    dataset_fact_number(data, layout->'numbers'->>4),
    dataset_fact_number(data, layout->'numbers'->>5),
    dataset_fact_number(data, layout->'numbers'->>6),
    dataset_fact_number(data, layout->'numbers'->>7),
    dataset_fact_number(data, layout->'numbers'->>8),
    dataset_fact_number(data, layout->'numbers'->>9),
    dataset_fact_number(data, layout->'numbers'->>10),
    dataset_fact_number(data, layout->'numbers'->>11)
$$;
--> statement-breakpoint
-- Every dataset's facts of a dataset definition made again from its records (a new or changed layout).
CREATE OR REPLACE FUNCTION dataset_facts_rebuild(def uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM dataset_facts WHERE def_id = def;
  INSERT INTO dataset_facts
    SELECT f.* FROM dataset_defs d
    JOIN records r ON r.account_id = d.account_id AND r.app_id = d.app_id AND r.entity = d.entity AND r.deleted_at IS NULL
    CROSS JOIN LATERAL dataset_fact_rows(d.id, d.layout, r.id, r.data, r.owner_id, r.created_at) f
    WHERE d.id = def;
$$;
--> statement-breakpoint
-- New live records get their facts in every dataset of their entity.
CREATE OR REPLACE FUNCTION dataset_facts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_facts
    SELECT f.* FROM new_records r
    JOIN dataset_defs d ON d.account_id = r.account_id AND d.app_id = r.app_id AND d.entity = r.entity
    CROSS JOIN LATERAL dataset_fact_rows(d.id, d.layout, r.id, r.data, r.owner_id, r.created_at) f
    WHERE r.deleted_at IS NULL
  ON CONFLICT (def_id, record_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted record loses its facts; a changed or restored one gets them anew (changes of other columns leave them).
CREATE OR REPLACE FUNCTION dataset_facts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dataset_facts f USING new_records r WHERE f.record_id = r.id AND r.deleted_at IS NOT NULL;
  INSERT INTO dataset_facts
    SELECT f.* FROM new_records r
    JOIN old_records o ON o.id = r.id
    JOIN dataset_defs d ON d.account_id = r.account_id AND d.app_id = r.app_id AND d.entity = r.entity
    CROSS JOIN LATERAL dataset_fact_rows(d.id, d.layout, r.id, r.data, r.owner_id, r.created_at) f
    WHERE r.deleted_at IS NULL
      AND (o.deleted_at IS NOT NULL OR o.data IS DISTINCT FROM r.data OR o.owner_id IS DISTINCT FROM r.owner_id OR o.created_at IS DISTINCT FROM r.created_at)
  ON CONFLICT (def_id, record_id) DO UPDATE SET owner_id = excluded.owner_id, at = excluded.at, d1 = excluded.d1, d2 = excluded.d2, d3 = excluded.d3, d4 = excluded.d4, d5 = excluded.d5, d6 = excluded.d6, d7 = excluded.d7, d8 = excluded.d8, d9 = excluded.d9, d10 = excluded.d10, d11 = excluded.d11, d12 = excluded.d12, d13 = excluded.d13, d14 = excluded.d14, d15 = excluded.d15, d16 = excluded.d16, d17 = excluded.d17, d18 = excluded.d18, d19 = excluded.d19, d20 = excluded.d20, n1 = excluded.n1, n2 = excluded.n2, n3 = excluded.n3, n4 = excluded.n4, n5 = excluded.n5, n6 = excluded.n6, n7 = excluded.n7, n8 = excluded.n8, n9 = excluded.n9, n10 = excluded.n10, n11 = excluded.n11, n12 = excluded.n12;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER records_dataset_facts_insert AFTER INSERT ON records REFERENCING NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION dataset_facts_inserted();
--> statement-breakpoint
CREATE TRIGGER records_dataset_facts_update AFTER UPDATE ON records REFERENCING OLD TABLE AS old_records NEW TABLE AS new_records FOR EACH STATEMENT EXECUTE FUNCTION dataset_facts_updated();
--> statement-breakpoint
-- A dashboard's time range, and the "own" and "reports" scopes, read a part of a dataset's facts.
CREATE INDEX "dataset_facts_at_idx" ON "dataset_facts" USING btree ("def_id","at");
--> statement-breakpoint
CREATE INDEX "dataset_facts_owner_idx" ON "dataset_facts" USING btree ("def_id","owner_id");
