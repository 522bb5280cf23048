import type { JSX, SVGProps } from 'react';

/** A line icon on the 24px grid of the desktop's icons, drawn in currentColor. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>): JSX.Element {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const NewIcon = () => (
  <Icon>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
    <path d="M14 3v5h5M12 11v6M9 14h6" />
  </Icon>
);
export const OpenIcon = () => (
  <Icon>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2Z" />
  </Icon>
);
export const SaveIcon = () => (
  <Icon>
    <path d="M5 3h11l4 4v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a1 1 0 0 1 1-1Z" />
    <path d="M8 3v5h7V3M8 21v-7h8v7" />
  </Icon>
);
export const SaveAsIcon = () => (
  <Icon>
    <path d="M12 21H6a2 2 0 0 1-2-2V4a1 1 0 0 1 1-1h11l4 4v4" />
    <path d="M8 3v5h7V3M19.5 14.5l1 1-5 5H14.5v-1Z" />
  </Icon>
);
export const WrapIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h13a3 3 0 0 1 0 6h-4M4 18h5" />
    <path d="m15 16-2 2 2 2" />
  </Icon>
);
export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);
