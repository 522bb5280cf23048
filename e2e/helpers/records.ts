import type { APIRequestContext } from '@playwright/test';

/**
 * The records calls (docs/API.md, "Records") made beside a journey, with
 * the rights of the user whose token is given: to find a record to open,
 * or to check what the server holds after a step taken in the browser.
 */

/** A record as a list answers it (the fields the caller may see). */
export interface ListedRecord {
  name: string;
  title: string;
  version: number;
  colour: string;
  values: Record<string, unknown>;
}

/** A list's query (POST records/{app}/{entity}/query). */
export interface RecordQuery {
  filters?: Array<{ field: string; op: string; value?: unknown }>;
  search?: string;
  sort?: { field: string; direction: 'asc' | 'desc' };
  offset?: number;
  limit?: number;
}

/** A page of an entity's records as the token's user may see them, and how many there are in all. */
export async function queryRecords(request: APIRequestContext, token: string, app: string, entity: string, query: RecordQuery = {}): Promise<{ records: ListedRecord[]; total: number }> {
  const response = await request.post(`/api/v1/records/${app}/${entity}/query`, { data: query, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`querying ${app}/${entity} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { records: ListedRecord[]; total: number } }).data;
}

/** One record as the token's user may see it, or null when the server answers that it is not found. */
export async function readRecord(request: APIRequestContext, token: string, app: string, name: string): Promise<ListedRecord | null> {
  const response = await request.get(`/api/v1/records/${app}/record/${name}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status() === 404) return null;
  if (!response.ok()) throw new Error(`reading ${name} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { record: ListedRecord } }).data.record;
}

/** Changes fields of a record as the token's user (on the version it has now). */
export async function updateRecord(request: APIRequestContext, token: string, app: string, name: string, values: Record<string, unknown>): Promise<void> {
  const record = await readRecord(request, token, app, name);
  if (!record) throw new Error(`${name} is not there to change`);
  const response = await request.put(`/api/v1/records/${app}/record/${name}`, { data: { version: record.version, values }, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`changing ${name} failed: ${response.status()} ${await response.text()}`);
}

/** Takes a transition of the record's workflow as the token's user (docs/behaviour/workflows.md), on the version it has now. */
export async function transitionRecord(request: APIRequestContext, token: string, app: string, name: string, transition: string, comment?: string): Promise<void> {
  const record = await readRecord(request, token, app, name);
  if (!record) throw new Error(`${name} is not there to move on`);
  const data = { transition, version: record.version, ...(comment === undefined ? {} : { comment }) };
  const response = await request.post(`/api/v1/records/${app}/record/${name}/transition`, { data, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`taking ${transition} of ${name} failed: ${response.status()} ${await response.text()}`);
}

/** Deletes a record as the token's user (on the version it has now). */
export async function deleteRecord(request: APIRequestContext, token: string, app: string, name: string): Promise<void> {
  const record = await readRecord(request, token, app, name);
  if (!record) return;
  const response = await request.delete(`/api/v1/records/${app}/record/${name}?version=${record.version}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`deleting ${name} failed: ${response.status()} ${await response.text()}`);
}

/** Makes a record as the token's user and answers its name (LR-2026-00012). */
export async function createRecord(request: APIRequestContext, token: string, app: string, entity: string, values: Record<string, unknown>): Promise<string> {
  const response = await request.post(`/api/v1/records/${app}/${entity}`, { data: { values }, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`making a ${entity} of ${app} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { record: ListedRecord } }).data.record.name;
}

/** Follows a record as the token's user, or stops following it. */
export async function followRecord(request: APIRequestContext, token: string, app: string, name: string, on = true): Promise<void> {
  const url = `/api/v1/records/${app}/record/${name}/follow`;
  const headers = { authorization: `Bearer ${token}` };
  const response = on ? await request.put(url, { data: {}, headers }) : await request.delete(url, { headers });
  if (!response.ok()) throw new Error(`${on ? 'following' : 'unfollowing'} ${name} failed: ${response.status()} ${await response.text()}`);
}
