import type { RygStatus } from '@atrium/shared';
import { Icon, type IconProps } from './icons.js';

/*
 * A module of its own: the kit's other icons load with the login page, this
 * one only with what shows work items (the desktop, Priorities).
 */

/** The mark inside each colour's circle (red: !, yellow: a clock, green: a check, blue: a dash): a colour is never told by its hue alone. */
function rygMark(colour: RygStatus): string {
  switch (colour) {
    case 'RED':
      return 'M12 7.5v5.5m0 3.2h.01';
    case 'YELLOW':
      return 'M12 7.5V12l3 2';
    case 'GREEN':
      return 'm8.5 12.3 2.4 2.4 4.6-4.9';
    default:
      return 'M8 12h8';
  }
}

/** A work item's colour as its own shape in a circle (Priorities, the notification centre): colour it with `color`. */
export const RygIcon = ({ colour, ...p }: IconProps & { colour: RygStatus }) => (
  <Icon strokeWidth="1.75" {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d={rygMark(colour)} />
  </Icon>
);
