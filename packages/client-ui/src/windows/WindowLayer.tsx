import type { JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useWindowList } from './useWindowRecord.js';
import { WindowFrame } from './WindowFrame.js';

/**
 * Every window of the desktop's WindowManager, in opening order (stacking
 * comes from each window's zIndex). It re-renders only when the list
 * changes; each frame follows its own window.
 */
export function WindowLayer(): JSX.Element {
  const { windows } = useDesktop();
  const list = useWindowList(windows);
  return (
    <div className="atr-window-layer" data-testid="window.layer">
      {list.map((w) => (
        <WindowFrame key={w.wid} wid={w.wid} />
      ))}
    </div>
  );
}
