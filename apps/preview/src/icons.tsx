import type { JSX, SVGProps } from 'react';

/** A line icon on the 24px grid of the desktop's icons, drawn in currentColor. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>): JSX.Element {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const PreviousIcon = () => (
  <Icon>
    <path d="m15 5-7 7 7 7" />
  </Icon>
);
export const NextIcon = () => (
  <Icon>
    <path d="m9 5 7 7-7 7" />
  </Icon>
);
export const ZoomInIcon = () => (
  <Icon>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m20 20-4.5-4.5M8 10.5h5M10.5 8v5" />
  </Icon>
);
export const ZoomOutIcon = () => (
  <Icon>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m20 20-4.5-4.5M8 10.5h5" />
  </Icon>
);
export const FitIcon = () => (
  <Icon>
    <path d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4" />
  </Icon>
);
export const ActualSizeIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M8 10v5M7 10.5 8 10M16 10v5M15 10.5l1-.5M12 11v.01M12 14v.01" />
  </Icon>
);
export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);
export const BrokenIcon = () => (
  <Icon width={40} height={40}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
    <path d="M14 3v5h5M10 12l4 4M14 12l-4 4" />
  </Icon>
);
export const PictureIcon = () => (
  <Icon width={40} height={40}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="m3 17 5-5 4 4 2-2 7 6" />
    <path d="M14.5 7.5v4l3.5-2Z" />
  </Icon>
);
