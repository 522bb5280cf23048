/**
 * Time zones by their IANA names ("Europe/Oslo", "UTC"), through the
 * runtime's Intl, the same in the browser and on the server: whether a name
 * is one, and a moment's date and time on that zone's wall clock, written
 * as if it were UTC ("wall time"), and back.
 */

/** Whether the runtime knows a time zone by that name (Intl refuses any other, the empty name too). */
export function isTimeZone(name: string): boolean {
  try {
    return !!new Intl.DateTimeFormat(undefined, { timeZone: name });
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at a moment, in milliseconds (0 for a name that is no zone). */
export function zoneOffsetAt(timeZone: string, ms: number): number {
  if (timeZone === 'UTC') return 0;
  let format = formatters.get(timeZone);
  if (!format) {
    if (!isTimeZone(timeZone)) return 0;
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** A moment's date and time on the zone's clock, written as UTC. */
export function toWallTime(timeZone: string, ms: number): number {
  return ms + zoneOffsetAt(timeZone, ms);
}

/** The moment a date and time on the zone's clock (written as UTC) is; in a gap of the clock, the moment after it. */
export function fromWallTime(timeZone: string, wall: number): number {
  const guess = wall - zoneOffsetAt(timeZone, wall);
  return wall - zoneOffsetAt(timeZone, guess);
}

/** The hour (0-23) on the zone's clock at a moment. */
export function hourIn(timeZone: string, at: Date): number {
  return new Date(toWallTime(timeZone, at.getTime())).getUTCHours();
}

/** The moment the zone's day that holds `at` began (its local midnight). */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const wall = toWallTime(timeZone, at.getTime());
  return new Date(fromWallTime(timeZone, wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000)));
}
