import { describe, expect, it } from 'vitest';
import { failedModuleUrl, retryImport } from './retryImport.js';

describe('loading a chunk again after it failed', () => {
  it('asks for the module again under an address of its own when the failure names it', async () => {
    const asked: string[] = [];
    const failure = new TypeError('Failed to fetch dynamically imported module: http://localhost:3000/assets/seldomDialogs-CZs6hJzW.js');
    const loaded = await retryImport(
      () => Promise.reject(failure),
      (url) => (asked.push(url), Promise.resolve({ SELDOM: true })),
    );
    expect(loaded).toEqual({ SELDOM: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^http:\/\/localhost:3000\/assets\/seldomDialogs-CZs6hJzW\.js\?retry=[0-9a-z]+$/);
  });

  it('returns the first load when it works, and passes on failures that name no module', async () => {
    expect(await retryImport(() => Promise.resolve(1), () => Promise.reject(new Error('not asked')))).toBe(1);
    await expect(retryImport(() => Promise.reject(new Error('offline')), () => Promise.resolve(2))).rejects.toThrow('offline');
  });

  it('reads the address from the messages of Chromium and Firefox', () => {
    expect(failedModuleUrl(new TypeError('error loading dynamically imported module: http://h/a.js?x=1'))).toBe('http://h/a.js?x=1');
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleUrl('nothing')).toBeNull();
  });
});
