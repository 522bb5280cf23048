import type { ResizeEdge } from '@atrium/client-core';
import type { JSX } from 'react';
import type { GestureHandlers } from './useWindowGestures.js';

/** The eight edges and corners a window is resized from. */
export const RESIZE_EDGES: readonly ResizeEdge[] = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'];

/**
 * The eight resize handles (docs/behaviour/windows.md#chrome). They are pointer-only
 * (aria-hidden): keyboard users resize through the icon menu's Resize or
 * Alt+Shift+F8.
 */
export function ResizeHandles({ handlers }: { handlers(edge: ResizeEdge): GestureHandlers }): JSX.Element {
  return (
    <>
      {RESIZE_EDGES.map((edge) => (
        <div key={edge} className={`atr-window__resize atr-window__resize--${edge}`} data-testid={`window.resize.${edge}`} aria-hidden="true" {...handlers(edge)} />
      ))}
    </>
  );
}
