import type { LaunchRequest } from '@atrium/sdk';
import type { PackageManifestEntry } from '@atrium/shared';
import type { DefaultApplicationValue } from '../dialogs/DefaultApplicationDialog.js';
import type { DialogService } from '../dialogs/DialogService.js';
import type { Translate } from '../dialogs/DialogModel.js';
import type { DesktopHooks } from '../packages/DesktopHooks.js';
import type { DesktopPackages } from '../packages/desktopApi.js';
import { packageTitle } from '../packages/packageTitle.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import type { FileEntry, FileSystem } from './FileSystem.js';
import { mimeAccepted } from './mimeAccepted.js';

/** The setting that remembers, per mime type, the application the user chose (docs/behaviour/files.md#opening-a-file). */
export const DEFAULT_APPLICATIONS_KEY = 'desktop.defaultApplications';

/** What opening a file needs of the desktop. */
export interface OpenFileContext {
  files: FileSystem;
  /** The application packages the user may open. */
  applications(): readonly PackageManifestEntry[];
  launch(request: LaunchRequest): Promise<unknown>;
  dialogs: Pick<DialogService, 'alert' | 'open'>;
  settings: Pick<SettingsStore, 'get' | 'set' | 'isLocked'>;
  translate: Translate;
  /** An application's title in the current language. */
  title(entry: PackageManifestEntry): string;
}

/** The applications that declare a mime type in their metadata's `mimes` (the file chooser's matching). */
export function applicationsForMime(applications: readonly PackageManifestEntry[], mime: string): PackageManifestEntry[] {
  return applications.filter((entry) => entry.type === 'application' && entry.mimes.length > 0 && mimeAccepted(mime, entry.mimes));
}

/**
 * Opens a file in the application that handles its mime type
 * (docs/behaviour/files.md#opening-a-file): none → an alert saying so; one →
 * that one; several → the user's remembered default for the mime type, else
 * the default-application chooser, whose 'remember' box keeps the choice.
 * The application is launched with `args.file` = the entry. A path is read
 * with stat first. Resolves once the launch was asked for (or the user
 * cancelled the chooser).
 */
export async function openFile(context: OpenFileContext, file: FileEntry | string): Promise<void> {
  const entry = typeof file === 'string' ? await context.files.stat(file) : file;
  const candidates = applicationsForMime(context.applications(), entry.mime);
  if (candidates.length === 0) {
    context.dialogs.alert(context.translate('openFile.noApplication', { name: entry.filename, mime: entry.mime }), {
      title: () => context.translate('openFile.title'),
    });
    return;
  }
  const launch = (name: string) => context.launch({ app: name, args: { file: entry } });
  if (candidates.length === 1) {
    await launch(candidates[0]!.name);
    return;
  }
  const remembered = rememberedDefault(context.settings.get(DEFAULT_APPLICATIONS_KEY), entry.mime);
  if (remembered && candidates.some((c) => c.name === remembered)) {
    await launch(remembered);
    return;
  }
  const choice = await new Promise<DefaultApplicationValue | null>((resolve) => {
    void context.dialogs.open(
      'defaultApplication',
      {
        message: context.translate('openFile.choose', { name: entry.filename }),
        choices: Object.fromEntries(candidates.map((c) => [c.name, context.title(c)])),
        value: { value: candidates[0]!.name, checked: false },
      },
      (button, value) => resolve(button === 'ok' ? (value as DefaultApplicationValue) : null),
    );
  });
  if (!choice?.value) return;
  if (choice.checked && !context.settings.isLocked(DEFAULT_APPLICATIONS_KEY)) {
    const current = context.settings.get(DEFAULT_APPLICATIONS_KEY);
    const defaults = isRecord(current) ? current : {};
    try {
      context.settings.set(DEFAULT_APPLICATIONS_KEY, { ...defaults, [entry.mime]: choice.value });
    } catch (error) {
      // A full list (or a value the rule refuses) does not stop the file from opening.
      console.warn('The default application could not be remembered.', error);
    }
  }
  await launch(choice.value);
}

function rememberedDefault(value: unknown, mime: string): string | null {
  if (!isRecord(value) || !Object.hasOwn(value, mime)) return null;
  const name = value[mime];
  return typeof name === 'string' ? name : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** desktop.openFile: opening a file with the desktop's hooks and packages. */
export function openFileOnDesktop(hooks: DesktopHooks, packages: DesktopPackages, file: FileEntry | string): Promise<void> {
  return openFile(
    {
      files: hooks.files,
      applications: () => packages.visible('application'),
      launch: (request) => packages.launch(request),
      dialogs: hooks.dialogs,
      settings: hooks.settings,
      translate: hooks.translate,
      title: (entry) => packageTitle(entry, hooks.locale()),
    },
    file,
  );
}
