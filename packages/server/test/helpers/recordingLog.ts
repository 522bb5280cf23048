/** A log for code that takes one (jobs, sweeps): it keeps each line's object, with its level. */
import type { Log } from '../../src/logger.js';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg?: string;
  event?: unknown;
  job?: unknown;
  [key: string]: unknown;
}

export class RecordingLog implements Log {
  readonly lines: LogLine[] = [];
  debug(obj: object, msg?: string): void {
    this.lines.push({ ...obj, level: 'debug', msg });
  }
  info(obj: object, msg?: string): void {
    this.lines.push({ ...obj, level: 'info', msg });
  }
  warn(obj: object, msg?: string): void {
    this.lines.push({ ...obj, level: 'warn', msg });
  }
  error(obj: object, msg?: string): void {
    this.lines.push({ ...obj, level: 'error', msg });
  }
  /** The events logged about one job (job.ran, job.skipped, job.waiting, job.lockLost). */
  jobEvents(job: string): unknown[] {
    return this.lines.filter((l) => l.job === job).map((l) => l.event);
  }
  /** The lines of one event. */
  events(event: string): LogLine[] {
    return this.lines.filter((l) => l.event === event);
  }
}
