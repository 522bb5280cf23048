import type { PanelPosition } from '@atrium/client-core';
import type { JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { Panel } from './Panel.js';
import { PanelFooter } from './PanelFooter.js';
import './Panel.css';

/**
 * The panels at one edge of the desktop, as the 'desktop.panels' setting
 * places them (docs/behaviour/desktop.md#panels). The bottom edge also
 * carries the footer line with the account's copyright text.
 */
export function DesktopPanels({ position }: { position: PanelPosition }): JSX.Element | null {
  const { panels } = useDesktop();
  const state = useObservable(panels);
  const here = state.panels.filter((p) => p.position === position);
  if (position === 'bottom') {
    return (
      <div className="atr-desktop__edge atr-desktop__edge--bottom">
        {here.map((panel) => (
          <Panel key={panel.index} panel={panel} locked={state.locked} />
        ))}
        <PanelFooter />
      </div>
    );
  }
  if (here.length === 0) return null;
  return (
    <div className="atr-desktop__edge atr-desktop__edge--top">
      {here.map((panel) => (
        <Panel key={panel.index} panel={panel} locked={state.locked} />
      ))}
    </div>
  );
}
