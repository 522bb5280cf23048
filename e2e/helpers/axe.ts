import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/**
 * The accessibility scan of a screen (docs/ACCESSIBILITY.md): axe-core over
 * the WCAG 2.0, 2.1 and 2.2 rules of levels A and AA. The pinned axe-core
 * package is injected into the page.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets scanned. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a scan. */
const FAILING = new Set(['serious', 'critical']);

/** What to leave out of a scan (CSS selectors). */
export interface ScanOptions {
  exclude?: readonly string[];
}

/** The page's axe-core, once injected (`window.axe`). */
interface AxeWindow {
  axe?: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
}

/**
 * Scans the page and returns its serious and critical violations. Frames
 * are scanned as elements (their title) but not inside: the only frames are
 * the Viewer's, showing an organisation's own page in a sandbox where no
 * script of ours may run. axe-core is injected into the page once per
 * document (the main frame only, where it runs) and kept for the page's
 * next scans; it reports the nodes of violations only (`resultTypes`): building
 * a selector for every node that passes was most of a scan's time
 * (docs/PERFORMANCE.md, "The test suite").
 */
export async function scanPage(page: Page, options: ScanOptions = {}): Promise<Result[]> {
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function'))) {
    await page.evaluate(axeSource);
    await page.evaluate(() => (window as unknown as { axe: { configure(spec: object): void } }).axe.configure({ branding: { application: 'playwright' } }));
  }
  const violations = await page.evaluate(
    async ({ exclude, tags }) => {
      const options: RunOptions = { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] };
      const results = await (window as AxeWindow).axe!.run(exclude.length > 0 ? { exclude } : document, options);
      return results.violations;
    },
    { exclude: [...(options.exclude ?? [])], tags: WCAG_TAGS },
  );
  return violations.filter((violation) => FAILING.has(violation.impact ?? ''));
}

/**
 * Waits until no transition or finite animation is running (a toast fading
 * in, colours changing with the theme), so that contrast is measured on the
 * colours the user ends up seeing; spinners run for ever and are not awaited.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** One entry per violation and element: the rule and its impact, the element, what to fix, and where to read about the rule. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const fix = (node.failureSummary ?? violation.help).replace(/\n/g, '\n    ');
        return `${violation.id} (${violation.impact}) at ${node.target.join(' ')}\n    ${fix}\n    ${violation.helpUrl}`;
      }),
    )
    .join('\n');
}

/**
 * Scans the screen now on the page and records a failure (soft: the next
 * screens are still scanned) listing every serious or critical violation.
 */
export async function expectAccessible(page: Page, screen: string, options: ScanOptions = {}): Promise<void> {
  await settled(page);
  const violations = await scanPage(page, options);
  expect.soft(describeViolations(violations), `serious or critical accessibility violations on ${screen}`).toBe('');
}
