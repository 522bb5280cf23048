import { TestTranslator } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { DASHBOARDS_TEXTS } from '../texts.js';
import { failureOf } from './DashboardsApi.js';
import { refusalText } from './refusal.js';

async function translator(locale: 'en_EN' | 'de_DE' | 'zh_CN') {
  const i18n = await TestTranslator.create(locale);
  await DASHBOARDS_TEXTS.install(i18n);
  return (key: string, vars?: Record<string, unknown>) => i18n.t(key, vars);
}

/** A refusal as the desktop's request rejects with it: the status and the server's envelope. */
const refused = (status: number, code: string, message: string, params?: Record<string, string>) => Object.assign(new Error(message), { status, body: { status: 'error', code, message, params } });

describe("the server's refusals", () => {
  it("are said in the user's language with the names the server gave", async () => {
    const failure = failureOf(refused(400, 'datasets.unknownMeasure', 'The dataset incidents has no measure costs', { dataset: 'incidents', key: 'costs' }));
    expect(refusalText(failure, await translator('de_DE'))).toBe('Der Datensatz incidents hat keine Kennzahl costs.');
    expect(refusalText(failure, await translator('zh_CN'))).toBe('数据集 incidents 没有度量 costs。');
  });

  it('say a dashboard refused on a change and one that is not there', async () => {
    const t = await translator('de_DE');
    expect(refusalText(failureOf(refused(403, 'dashboards.forbidden', 'Only the owner…')), t)).toBe('Nur der Besitzer dieses Dashboards oder ein Administrator der Organisation darf es ändern.');
    expect(refusalText(failureOf(refused(409, 'dashboards.conflict', 'changed', { version: '4' })), t)).toContain('jetzt Version 4');
    expect(refusalText(failureOf(refused(404, 'dashboards.notFound', 'Dashboard not found')), await translator('en_EN'))).toBe('This dashboard does not exist or is not shared with you.');
  });

  it("keep the server's text for a code not known here, or when a name the text needs is missing", async () => {
    const t = await translator('de_DE');
    expect(refusalText(failureOf(refused(500, 'internal', 'The server is unwell')), t)).toBe('The server is unwell');
    expect(refusalText(failureOf(refused(400, 'datasets.unknownMeasure', "The dataset 'incidents' has no measure 'costs'.")), t)).toBe("The dataset 'incidents' has no measure 'costs'.");
  });
});
