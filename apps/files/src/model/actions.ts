import type { FileEntry, Mountpoint } from '@atrium/sdk';
import type { FilesState } from './FilesModel.js';

/** Every action on files, in the order the menus list them. */
export const ACTION_IDS = ['open', 'newFolder', 'upload', 'download', 'cut', 'copy', 'paste', 'rename', 'delete', 'properties'] as const;
export type ActionId = (typeof ACTION_IDS)[number];

/** Whether an action can run now; when it cannot, the i18n key of the reason shown beside it. */
export interface ActionState {
  enabled: boolean;
  reason: string | null;
}
export type ActionStates = Record<ActionId, ActionState>;

/** Actions of the item menu (right click on an item) and of the folder menu (right click on the empty area). */
export const ITEM_MENU: readonly (ActionId | '-')[] = ['open', 'download', '-', 'cut', 'copy', 'paste', '-', 'rename', 'delete', '-', 'properties'];
export const FOLDER_MENU: readonly (ActionId | '-')[] = ['newFolder', 'upload', '-', 'paste', '-', 'properties'];
/**
 * The toolbar's less used tools: in a narrow window (a phone, a zoomed page) they leave the toolbar for its
 * More actions menu, so that the toolbar keeps to one row (docs/behaviour/files.md#the-files-window).
 */
export const MORE_MENU: readonly (ActionId | '-')[] = ['download', '-', 'cut', 'copy', 'paste', '-', 'rename', 'delete', '-', 'properties'];

/** Keyboard shortcuts shown beside the menu entries (the keys are handled by keys.ts). */
export const ACTION_SHORTCUTS: Partial<Record<ActionId, string>> = {
  open: 'Enter',
  cut: 'Ctrl+X',
  copy: 'Ctrl+C',
  paste: 'Ctrl+V',
  rename: 'F2',
  delete: 'Delete',
  properties: 'Alt+Enter',
};

const on: ActionState = { enabled: true, reason: null };
const off = (reason: string): ActionState => ({ enabled: false, reason });

/**
 * The rules of every action, in one place: writes need a listed folder on a
 * writable, mounted filesystem; actions on items need a selection (rename
 * one item); folders cannot be downloaded; paste needs something copied or cut.
 */
export function actionStates(state: FilesState, mountpoint: Mountpoint | null, selected: readonly FileEntry[]): ActionStates {
  const listed = state.status === 'ready';
  const writeBlock = !listed ? 'files.reason.unavailable' : mountpoint?.attributes.readOnly ? 'files.reason.readOnly' : null;
  const write = writeBlock ? off(writeBlock) : on;
  const some = selected.length > 0 ? on : off('files.reason.nothingSelected');
  const one = selected.length === 1 ? on : selected.length === 0 ? off('files.reason.nothingSelected') : off('files.reason.oneItem');
  const both = (a: ActionState, b: ActionState) => (a.enabled ? b : a);
  return {
    open: one,
    newFolder: write,
    upload: write,
    download: selected.some((e) => e.isDirectory) ? off('files.reason.folderDownload') : some,
    cut: both(some, write),
    copy: some,
    paste: both(write, state.clipboard && state.clipboard.paths.length > 0 ? on : off('files.reason.clipboardEmpty')),
    rename: both(one, write),
    delete: both(some, write),
    properties: listed && selected.length <= 1 ? on : listed ? off('files.reason.oneItem') : off('files.reason.unavailable'),
  };
}
