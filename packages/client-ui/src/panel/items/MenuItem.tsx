import type { JSX } from 'react';
import type { PanelItemProps } from './index.js';

/** Placeholder while the item is being built. */
export function MenuItem(_props: PanelItemProps): JSX.Element | null {
  return null;
}
