/**
 * Jobs that one server at a time may run (docs/DEPLOYMENT.md, "Jobs that
 * run once"): migrations, the demo data, the start-up sweeps, the hourly
 * housekeeping. Several servers on one PostgreSQL database take a lock
 * named after the job in the database (PgSingleRunner.ts); the embedded
 * database has one server, so a job only has to wait for or skip itself
 * within the process.
 */

/** Where a runner says what it did; a server passes its logger (whose lines name the host and process). */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What a job does when another server (or this one) is running it now:
 * `wait` until that run ends and then run (the job finds its work done and
 * does nothing: migrations, the demo data), or `skip` it (work that the
 * other run does for everyone: sweeps, housekeeping).
 */
export type WhenBusy = 'wait' | 'skip';

export interface RunAloneOptions {
  whenBusy: WhenBusy;
  /** Told which server ran, waited for or skipped the job. */
  log?: JobLog;
}

export interface SingleRunner {
  /**
   * Runs `job` with nobody else running the job of this `name` on the same
   * database meanwhile. Resolves true when this server ran it, false when
   * it skipped it. A job that throws has its error thrown here, and the
   * next run (here or on another server) is free to start.
   */
  runAlone(name: string, job: () => Promise<unknown>, options: RunAloneOptions): Promise<boolean>;
}

/** The log lines of every runner: the same events whichever database. */
export const jobEvents = {
  skipped: (log: JobLog | undefined, job: string): void => log?.info({ event: 'job.skipped', job }, `${job}: skipped, another server is running it`),
  waiting: (log: JobLog | undefined, job: string): void => log?.info({ event: 'job.waiting', job }, `${job}: waiting for another server to finish it`),
  /** `waited`: it ran after another run had ended (a job that waits finds the work done). */
  ran: (log: JobLog | undefined, job: string, ms: number, waited: boolean): void =>
    log?.info({ event: 'job.ran', job, ms, waited }, waited ? `${job}: run by this server after another had run it` : `${job}: run by this server`),
};

/** The runner of the embedded database, which one server opens: a job excludes only its own runs in this process. */
export class LocalSingleRunner implements SingleRunner {
  /** Runs under way, by name, settled whether their job succeeds or not. */
  private readonly running = new Map<string, Promise<void>>();

  async runAlone(name: string, job: () => Promise<unknown>, { whenBusy, log }: RunAloneOptions): Promise<boolean> {
    let current = this.running.get(name);
    const waited = Boolean(current);
    if (current) {
      if (whenBusy === 'skip') {
        jobEvents.skipped(log, name);
        return false;
      }
      jobEvents.waiting(log, name);
      // Another waiter may have started its run when this one wakes: wait until none is under way.
      while (current) {
        await current;
        current = this.running.get(name);
      }
    }
    const started = Date.now();
    const run = (async () => job())();
    // The entry goes as the run settles, before anyone waiting on it wakes.
    const forget = (): void => {
      if (this.running.get(name) === settled) this.running.delete(name);
    };
    const settled: Promise<void> = run.then(forget, forget);
    this.running.set(name, settled);
    await run;
    jobEvents.ran(log, name, Date.now() - started, waited);
    return true;
  }
}
