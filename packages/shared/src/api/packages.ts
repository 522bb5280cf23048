import * as z from 'zod/mini';
import { text } from './text.js';
import { DEFAULT_LOCALE, LOCALES, PACKAGE_NAME_PATTERN } from '../constants.js';

/** The kinds of package (docs/behaviour/applications.md#packages). Only applications are launched. */
export const PACKAGE_TYPES = ['application', 'theme', 'icons', 'sounds'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const PackageName = z.string().check(z.regex(PACKAGE_NAME_PATTERN, 'must start with a letter and hold only letters, digits, _ and - (at most 64)'));

/** A file of a package: a relative path without '..', backslashes or a leading slash. */
export const PackageFile = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^(?!\/)(?!.*\.\.)(?!.*\\)[A-Za-z0-9._/-]+$/, 'must be a relative path inside the package'));

/** Texts by locale; en_EN is required and is the fallback. */
export const LocalizedText = z.pipe(
  // partialRecord: a record keyed by an enum would require every locale.
  z.partialRecord(z.enum(LOCALES), text({ min: 1, max: 200 })).check(z.refine((t) => typeof t[DEFAULT_LOCALE] === 'string', `needs an ${DEFAULT_LOCALE} text`)),
  z.transform((t) => t as LocalizedText),
);
export type LocalizedText = Partial<Record<(typeof LOCALES)[number], string>> & { en_EN: string };

/**
 * Package metadata (docs/behaviour/applications.md#metadata), the `metadata.json` of every package. `files` are
 * the package's files to load, in order: style sheets (.css) first, then the
 * entry module (the first .js file). Built-in packages list `main.js`, which
 * the web build resolves to the package's own chunk.
 */
export const PackageMetadataSchema = z.strictObject({
  name: PackageName,
  type: z.enum(PACKAGE_TYPES),
  files: z._default(z.array(PackageFile).check(z.maxLength(20)), []),
  title: LocalizedText,
  description: z.optional(LocalizedText),
  singleton: z._default(z.boolean(), false),
  autostart: z._default(z.boolean(), false),
  /** Autostart order: lower first, 750 ms apart (docs/behaviour/applications.md#autostart). */
  precedence: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
  /** MIME patterns the application opens ('text/*', 'application/pdf'). */
  mimes: z._default(z.array(text({ min: 1, max: 100 })).check(z.maxLength(50)), []),
  /** A file of the package (has a dot: 'icon.svg') or an icon name of the icon package ('preferences'). */
  icon: z.optional(text({ min: 1, max: 200 })),
  /** An icon name of the icon package, used when there is no icon. */
  fontIcon: z.optional(text({ min: 1, max: 100 })),
  /** 1: visible to every user of every organisation (docs/behaviour/applications.md#visibility). */
  defaultAppforOrgs: z._default(z.union([z.literal(0), z.literal(1)]), 0),
  /** The application's input is masked while the connection is lost (docs/behaviour/connection.md#connection-loss-mask). */
  disableAppInput: z._default(z.boolean(), false),
  app_type: z._default(z.int().check(z.minimum(0), z.maximum(9999)), 1),
});
export type PackageMetadata = z.output<typeof PackageMetadataSchema>;
/** What a metadata.json may leave out (the defaults fill it in). */
export type PackageMetadataInput = z.input<typeof PackageMetadataSchema>;

/**
 * An entry of the package manifest (docs/behaviour/applications.md#manifest) as GET {api}/packages/manifest serves
 * it to one user: the metadata, whether the web build carries it, and for
 * other packages the address its files are loaded from (signed for that
 * user, ending in '/': `${base}${file}`).
 */
export type PackageManifestEntry = PackageMetadata & {
  builtin: boolean;
  /** Base address of the package's files; null for built-in packages. */
  base: string | null;
};

/** The theme module of a theme package: custom properties applied to the document. */
export interface ThemeModule {
  type: 'theme';
  colorScheme: 'light' | 'dark';
  /** '--atr-primary' → '#2f6fde'. */
  variables: Readonly<Record<string, string>>;
}

/** The module of an icon package: SVG markup by icon name. */
export interface IconsModule {
  type: 'icons';
  icons: Readonly<Record<string, string>>;
}

/** A synthesised tone: frequency (Hz), gain (0..1), start and length (seconds). */
export interface SoundPartial {
  frequency: number;
  gain: number;
  start: number;
  duration: number;
  type?: 'sine' | 'triangle' | 'square' | 'sawtooth';
}

/** The module of a sound package: the bell and the message sound. */
export interface SoundsModule {
  type: 'sounds';
  sounds: Readonly<Record<'bell' | 'message', readonly SoundPartial[]>>;
}
