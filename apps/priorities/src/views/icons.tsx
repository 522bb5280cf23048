/** The Priorities window's line icons (24px grid, currentColor, like the desktop's icon package). */
import type { JSX, ReactNode } from 'react';
import { RygIcon } from '@atrium/app-kit';
import type { RygStatus } from '@atrium/shared';

function Svg({ children, className, size = 18 }: { children: ReactNode; className?: string; size?: number }): JSX.Element {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const shapes = {
  edit: <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16Zm9.5-13.5 4 4" />,
  comments: <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.2A8 8 0 1 1 20 12Z" />,
  snooze: (
    <>
      <circle cx="12" cy="13" r="7.5" />
      <path d="M9.5 10.5h5l-5 5h5M5 3.5 2.5 6M19 3.5 21.5 6" />
    </>
  ),
  complete: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m8.5 12.3 2.4 2.4 4.6-4.9" />
    </>
  ),
  ascending: <path d="M7 19V5M3.5 8.5 7 5l3.5 3.5M13 7h8M13 12h6M13 17h4" />,
  descending: <path d="M7 5v14M3.5 15.5 7 19l3.5-3.5M13 7h4M13 12h6M13 17h8" />,
  first: <path d="M6 6v12M17 6l-6 6 6 6" />,
  previous: <path d="m15 6-6 6 6 6" />,
  next: <path d="m9 6 6 6-6 6" />,
  last: <path d="M18 6v12M7 6l6 6-6 6" />,
  close: <path d="M18 6 6 18M6 6l12 12" />,
  warning: <path d="M12 4 2.5 20h19Zm0 6v4m0 3h.01" />,
  chevron: <path d="m9 6 6 6-6 6" />,
  done: <path d="m5 12.5 4.5 4.5L19 7.5" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof shapes;

export function Icon({ name, className, size }: { name: IconName; className?: string; size?: number }): JSX.Element {
  return (
    <Svg className={className} size={size}>
      {shapes[name]}
    </Svg>
  );
}

/** A colour's own icon: the kit's, the same as the notification centre's. */
export function ColourIcon({ colour, className }: { colour: RygStatus; className?: string }): JSX.Element {
  return <RygIcon colour={colour} className={className} width={16} height={16} />;
}
