import { expect, type Locator, type Page } from '@playwright/test';

/** What focusProblem says when nothing on the page has focus. */
const BODY = 'focus is on the page body';

/**
 * What is wrong with the keyboard focus now, or '' when it is fine: focus
 * is on an element (not the page body), the element is on screen, and it
 * shows a focus indicator, either the browser's own outline or a style
 * the product's CSS gives it for :focus / :focus-visible (an outline, a
 * ring, a background or border colour), not one that only removes the
 * outline.
 */
export function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return 'focus is on the page body';
    const testId = element.getAttribute('data-testid');
    const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
    const described = `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}> ${label}`;
    const box = element.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth)) return `${described} is not on screen`;

    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) return '';
    const SHOWING = ['outline', 'outline-style', 'outline-color', 'box-shadow', 'background', 'background-color', 'border', 'border-color', 'border-bottom', 'border-bottom-color', 'color', 'text-decoration', 'text-decoration-line'];
    const showsFocus = (rule: CSSStyleRule) => {
      if (!/:focus/.test(rule.selectorText) || !element.matches(rule.selectorText)) return false;
      return SHOWING.some((property) => {
        const value = rule.style.getPropertyValue(property);
        return value !== '' && !/^(none|0|transparent)$/.test(value.trim());
      });
    };
    const walk = (rules: CSSRuleList): boolean =>
      [...rules].some((rule) => {
        if (rule instanceof CSSStyleRule) return showsFocus(rule) || walk(rule.cssRules);
        if (rule instanceof CSSMediaRule) return matchMedia(rule.conditionText).matches && walk(rule.cssRules);
        if (rule instanceof CSSGroupingRule) return walk(rule.cssRules);
        return false;
      });
    return [...document.styleSheets].some((sheet) => walk(sheet.cssRules)) ? '' : `${described} shows no focus indicator`;
  });
}

/**
 * Asserts that focus is on an element the user can see, with a focus
 * indicator, inside the area given (a window, a dialog, the login card).
 */
export async function expectFocusIn(page: Page, area: Locator, where: string): Promise<void> {
  await expect
    .poll(async () => {
      const problem = await focusProblem(page);
      if (problem) return problem;
      const inside = await area.evaluate((root) => root.contains(document.activeElement)).catch(() => false);
      return inside ? '' : `focus is outside ${area}`;
    }, { message: `focus ${where}` })
    .toBe('');
}

/**
 * Presses Tab or Shift+Tab until the target has focus, checking at every
 * stop that focus is on a visible element with a focus indicator. Without
 * a direction it goes the short way round: backwards when the target comes
 * before the focused element in the page. Past either end of the page the
 * browser's own controls take one stop (the page body, as seen from the
 * page); any other stop on the body fails. Fails when the target is not
 * reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number } = {}): Promise<number> {
  const backwards =
    options.backwards ??
    (await target.evaluate((element) => {
      const active = document.activeElement;
      return !!active && active !== document.body && (active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
    }));
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const max = options.max ?? 20;
  let offPage = false;
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    const problem = await focusProblem(page);
    if (problem === BODY && !offPage) {
      offPage = true;
      continue;
    }
    offPage = false;
    expect(problem, `focus after ${presses} × ${key}`).toBe('');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${target} was not reached within ${max} presses of ${key}`);
}

/**
 * Presses Tab from where focus is until it leaves the area, checking at
 * every stop inside that focus shows; returns how many stops were inside.
 */
export async function tabThrough(page: Page, area: Locator, max = 40): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    const inside = await area.evaluate((root) => root.contains(document.activeElement));
    if (!inside) return presses - 1;
    expect(await focusProblem(page), `focus after ${presses} × Tab in ${area}`).toBe('');
  }
  throw new Error(`focus did not leave ${area} within ${max} presses of Tab`);
}
