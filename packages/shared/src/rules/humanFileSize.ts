import { FILE_SIZE_UNIT } from '../constants.js';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;

/**
 * A byte count as people read it (docs/behaviour/files.md#file-sizes): whole bytes below 1024 ('512 B'), then
 * units of 1024 with one decimal ('1.5 KiB', '2.0 MiB'). A value that would
 * show as 1024.0 of a unit is shown as 1.0 of the next one. Negative or
 * non-finite counts show as '0 B'.
 */
export function humanFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  const whole = Math.round(bytes);
  if (whole < FILE_SIZE_UNIT) return `${whole} B`;
  let value = bytes / FILE_SIZE_UNIT;
  let unit = 1;
  while (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= FILE_SIZE_UNIT) {
    value /= FILE_SIZE_UNIT;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
