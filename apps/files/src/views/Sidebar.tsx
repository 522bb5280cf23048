import { useTranslation } from '@atrium/app-kit';
import type { Mountpoint } from '@atrium/sdk';
import type { JSX } from 'react';
import type { FilesModel } from '../model/FilesModel.js';
import { visibleMountpoints } from '../model/paths.js';
import { Icon, mountpointIconName } from './icons.js';
import { useDropTarget } from './useDropTarget.js';

function Place({ model, mountpoint, current, onChosen }: { model: FilesModel; mountpoint: Mountpoint; current: boolean; onChosen(): void }): JSX.Element {
  const { t } = useTranslation();
  const drop = useDropTarget(model, mountpoint.mounted && !mountpoint.attributes.readOnly ? mountpoint.root : null);
  return (
    <li>
      <button
        type="button"
        className="fls-place"
        aria-current={current ? 'true' : undefined}
        data-testid={`files.place.${mountpoint.name}`}
        onClick={() => {
          void model.navigate(mountpoint.root);
          onChosen();
        }}
        {...drop}
      >
        <Icon name={mountpointIconName(mountpoint)} className="fls-place__icon" />
        <span className="fls-place__label" title={mountpoint.label}>
          {mountpoint.label}
        </span>
        {mountpoint.attributes.readOnly && (
          <span className="fls-place__badge" title={t('files.readOnly')}>
            <Icon name="lock" />
            <span className="atk-hidden">{t('files.readOnly')}</span>
          </span>
        )}
        {!mountpoint.mounted && <span className="fls-place__state">{t('files.notMounted')}</span>}
      </button>
    </li>
  );
}

/** The side bar: the mountpoints the user sees, the current one marked, each a drop target. */
export function Sidebar({ model, mountpoints, current, onChosen }: { model: FilesModel; mountpoints: readonly Mountpoint[]; current: string | null; onChosen(): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <nav className="fls-sidebar" aria-label={t('files.places')} data-testid="files.sidebar">
      <ul className="fls-sidebar__list">
        {visibleMountpoints(mountpoints).map((m) => (
          <Place key={m.name} model={model} mountpoint={m} current={m.name === current} onChosen={onChosen} />
        ))}
      </ul>
    </nav>
  );
}
