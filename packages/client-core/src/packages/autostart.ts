import { AUTOSTART_DELAY, AUTOSTART_PRECEDENCE_INTERVAL, type PackageManifestEntry } from '@atrium/shared';
import type { Clock } from '../env.js';

/**
 * Autostart (docs/behaviour/applications.md#autostart): AUTOSTART_DELAY after the call, the candidates of that
 * moment launch: those with a precedence first, in ascending precedence,
 * AUTOSTART_PRECEDENCE_INTERVAL apart (the first at once), and those without
 * one together at once. Returns a cancel for the timers still pending.
 */
export function scheduleAutostart(clock: Clock, candidates: () => readonly PackageManifestEntry[], launch: (name: string) => void): () => void {
  const timers = new Set<unknown>();
  const later = (ms: number, fn: () => void) => {
    const timer = clock.setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  later(AUTOSTART_DELAY, () => {
    const apps = candidates();
    const ordered = apps.filter((e) => e.precedence !== undefined).sort((a, b) => (a.precedence ?? 0) - (b.precedence ?? 0));
    const unordered = apps.filter((e) => e.precedence === undefined);
    ordered.forEach((entry, i) => {
      if (i === 0) launch(entry.name);
      else later(i * AUTOSTART_PRECEDENCE_INTERVAL, () => launch(entry.name));
    });
    for (const entry of unordered) launch(entry.name);
  });
  return () => {
    for (const timer of timers) clock.clearTimeout(timer);
    timers.clear();
  };
}
