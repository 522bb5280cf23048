import type { Locator, Page } from '@playwright/test';

/**
 * Page object of the Preferences window (apps/preferences): its sections
 * as tabs, the Absence section (the absences planned, each with Remove,
 * and the form that plans another: from, to and a delegate found by name)
 * and the daily digest's hour of the Notifications section.
 */
export class PreferencesObject {
  readonly window: Locator;
  readonly absences: Locator;
  readonly noAbsences: Locator;
  readonly absenceFrom: Locator;
  readonly absenceTo: Locator;
  readonly delegateSearch: Locator;
  readonly addAbsence: Locator;
  readonly digestHour: Locator;
  readonly digestSummary: Locator;

  constructor(readonly page: Page) {
    this.window = page.locator('[data-testid="window"][data-app="Preferences"]');
    this.absences = this.window.getByTestId('preferences.absence');
    this.noAbsences = this.window.getByTestId('preferences.absences.none');
    this.absenceFrom = this.window.getByTestId('preferences.absences.from');
    this.absenceTo = this.window.getByTestId('preferences.absences.to');
    this.delegateSearch = this.window.getByTestId('preferences.absences.find');
    this.addAbsence = this.window.getByTestId('preferences.absences.submit');
    this.digestHour = this.window.getByTestId('preferences.digest.hour');
    this.digestSummary = this.window.getByTestId('preferences.digest.summary');
  }

  /** Opens a section by its key ('absence', 'notifications', …). */
  async section(key: string): Promise<void> {
    await this.window.getByTestId(`preferences.tab.${key}`).click();
    await this.window.getByTestId(`preferences.section.${key}`).waitFor();
  }

  /** Plans an absence (days as YYYY-MM-DD) with the colleague found by the text and picked by their name. */
  async planAbsence(from: string, to: string, find: string, delegate: string): Promise<void> {
    await this.absenceFrom.fill(from);
    await this.absenceTo.fill(to);
    await this.delegateSearch.fill(find);
    await this.window.getByRole('radio', { name: delegate, exact: true }).check();
    await this.addAbsence.click();
  }
}
