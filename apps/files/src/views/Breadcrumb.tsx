import { useTranslation } from '@atrium/app-kit';
import type { Mountpoint } from '@atrium/sdk';
import type { JSX } from 'react';
import type { FilesModel } from '../model/FilesModel.js';
import { crumbsOf, type Crumb } from '../model/paths.js';
import { useDropTarget } from './useDropTarget.js';

function Segment({ model, crumb, last, writable }: { model: FilesModel; crumb: Crumb; last: boolean; writable: boolean }): JSX.Element {
  const drop = useDropTarget(model, writable ? crumb.path : null);
  return (
    <li className="fls-crumbs__item">
      <button type="button" className="fls-crumbs__button" aria-current={last ? 'location' : undefined} data-testid="files.crumb" onClick={() => void model.navigate(crumb.path)} {...drop}>
        {crumb.label}
      </button>
    </li>
  );
}

/** The path of the folder shown, one button per folder from the mountpoint's top; each is a drop target. */
export function Breadcrumb({ model, path, mountpoint }: { model: FilesModel; path: string; mountpoint: Mountpoint | null }): JSX.Element {
  const { t } = useTranslation();
  const crumbs = crumbsOf(path, mountpoint);
  const writable = !mountpoint?.attributes.readOnly;
  return (
    <nav className="fls-crumbs" aria-label={t('files.path')} data-testid="files.breadcrumb">
      <ol className="fls-crumbs__list">
        {crumbs.map((crumb, i) => (
          <Segment key={crumb.path} model={model} crumb={crumb} last={i === crumbs.length - 1} writable={writable} />
        ))}
      </ol>
    </nav>
  );
}
