/**
 * A clock the test moves by hand, for createTestApp({ now }). It starts at
 * the real time so that rows stamped by the database stay comparable.
 */
export class TestClock {
  private ms = Date.now();

  /** Pass this as `now`. */
  readonly now = (): Date => new Date(this.ms);

  advanceSeconds(seconds: number): void {
    this.ms += seconds * 1000;
  }

  advanceMs(ms: number): void {
    this.ms += ms;
  }
}
