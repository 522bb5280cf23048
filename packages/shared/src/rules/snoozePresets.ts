import { isValidSnoozeDate } from './ryg.js';

/** The quick choices beside the snooze date (docs/behaviour/workflows.md#snooze-presets). */
export const SNOOZE_PRESETS = ['hour', 'tomorrow', 'nextWeek'] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];

/** The hour of the morning the presets wake a task at, in the user's own time. */
export const SNOOZE_MORNING_HOUR = 9;

const HOUR = 3_600_000;

/**
 * The moment a preset names at `now`, in the time zone of the clock's
 * environment (the user's browser): in one hour; tomorrow at 09:00; the
 * Monday of next week at 09:00 (from a Monday, the Monday after).
 */
export function snoozePresetTime(preset: SnoozePreset, now: number): number {
  if (preset === 'hour') return now + HOUR;
  const day = new Date(now);
  const days = preset === 'tomorrow' ? 1 : (8 - day.getDay()) % 7 || 7;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + days, SNOOZE_MORNING_HOUR, 0, 0, 0).getTime();
}

/** A preset, its moment and whether the snooze rule allows it (else why not). */
export interface SnoozePresetChoice {
  preset: SnoozePreset;
  until: number;
  /** null when allowed; else the rule it breaks: past the task's end date, or not after the current snooze. */
  refused: null | 'afterEnd' | 'notLater';
}

/**
 * Every preset at `now` for a task ending at `endDate`, each judged by the
 * same rule as a date picked by hand (isValidSnoozeDate); `current` is the
 * present snooze, which an extension must pass.
 */
export function snoozePresets(now: number, endDate: string, current: number | null = null): SnoozePresetChoice[] {
  return SNOOZE_PRESETS.map((preset) => {
    const until = snoozePresetTime(preset, now);
    if (isValidSnoozeDate(until, endDate, now, current)) return { preset, until, refused: null };
    return { preset, until, refused: current !== null && until <= current ? 'notLater' : 'afterEnd' };
  });
}
