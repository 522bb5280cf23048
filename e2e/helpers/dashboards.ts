import type { APIRequestContext } from '@playwright/test';

/**
 * The dashboards and datasets calls made beside a journey (docs/API.md,
 * "Dashboards"): the figures a widget should show, asked as the same user,
 * and dashboards of a journey's own, made and removed around it.
 */

/** A dataset query (packages/shared/src/dashboards/query.ts). */
export interface Query {
  app: string;
  dataset: string;
  measures?: string[];
  dimensions?: string[];
  filters?: Array<{ dimension: string; op: string; value?: unknown }>;
  range?: { from?: string; to?: string };
  sort?: Array<{ by: string; direction: 'asc' | 'desc' }>;
  limit?: number;
  detail?: boolean;
}

/** The answer to a query: its columns' keys and its rows. */
export interface QueryResult {
  columns: Array<{ key: string }>;
  rows: Array<Array<string | number | null>>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** The figures of a query as the token's user may read them. */
export async function queryDataset(request: APIRequestContext, token: string, query: Query): Promise<QueryResult> {
  return data(await request.post('/api/v1/datasets/query', { data: query, headers: bearer(token) }), `the query of ${query.app}/${query.dataset}`);
}

/** The rows of a result as objects by column key. */
export function records(result: QueryResult): Array<Record<string, string | number | null>> {
  return result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column.key, row[i] ?? null])));
}

/** The English label of each choice of a dataset's dimension, by value. */
export async function choiceLabels(request: APIRequestContext, token: string, app: string, dataset: string, dimension: string): Promise<Record<string, string>> {
  const { datasets } = await data<{ datasets: Array<{ app: string; key: string; dimensions: Array<{ key: string; choices?: Array<{ value: string; label: Record<string, string> }> }> }> }>(
    await request.get('/api/v1/datasets', { headers: bearer(token) }),
    'the list of datasets',
  );
  const choices = datasets.find((d) => d.app === app && d.key === dataset)?.dimensions.find((d) => d.key === dimension)?.choices ?? [];
  return Object.fromEntries(choices.map((choice) => [choice.value, choice.label.en_EN ?? choice.value]));
}

/** Makes a dashboard of the token's user (private unless said otherwise) and returns its uuid. */
export async function createDashboard(request: APIRequestContext, token: string, definition: Record<string, unknown>): Promise<string> {
  const created = await data<{ uuid: string }>(await request.post('/api/v1/dashboards', { data: { definition }, headers: bearer(token) }), 'making a dashboard');
  return created.uuid;
}

/** A dashboard as the server keeps it. */
export async function readDashboard(request: APIRequestContext, token: string, uuid: string): Promise<{ version: number; definition: { title: unknown; widgets: Array<{ id: string; kind: string; title: unknown; click: string }> } }> {
  return data(await request.get(`/api/v1/dashboards/${uuid}`, { headers: bearer(token) }), 'reading a dashboard');
}

/** Removes a dashboard of the token's user. */
export async function deleteDashboard(request: APIRequestContext, token: string, uuid: string): Promise<void> {
  await data(await request.delete(`/api/v1/dashboards/${uuid}`, { headers: bearer(token) }), 'removing a dashboard');
}

/** A day (YYYY-MM-DD) so many days before another. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
