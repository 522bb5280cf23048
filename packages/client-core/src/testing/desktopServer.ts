import {
  addToSearchHistory,
  DEFAULT_SETTINGS,
  PackageMetadataSchema,
  SEARCH_TEXT_MESSAGES,
  searchTextProblem,
  type IconsModule,
  type PackageManifestEntry,
  type PackageMetadataInput,
  type SearchFilter,
  type SearchResponse,
  type SoundsModule,
  type ThemeModule,
} from '@atrium/shared';
import type { HomeProfile } from '@atrium/shared/dashboards';
import type { BuiltinLoaders } from '../packages/packageLoading.js';
import { jsonResponse, type FakeEnvironment } from './FakeEnvironment.js';
import { FakeTaskServer } from './taskServer.js';

/** A manifest entry of a built-in package. */
export function builtinEntry(metadata: PackageMetadataInput): PackageManifestEntry {
  return { ...PackageMetadataSchema.parse(metadata), builtin: true, base: null };
}

/** The default look's packages (theme Vision, icons Lumen, sounds Chime) as small stand-ins: their manifest entries and loaders. */
export const LOOK_PACKAGES: { manifest: PackageManifestEntry[]; builtins: BuiltinLoaders } = {
  manifest: [
    builtinEntry({ name: 'Vision', type: 'theme', title: { en_EN: 'Vision' } }),
    builtinEntry({ name: 'Lumen', type: 'icons', title: { en_EN: 'Lumen' } }),
    builtinEntry({ name: 'Chime', type: 'sounds', title: { en_EN: 'Chime' } }),
  ],
  builtins: {
    Vision: async () => ({ default: { type: 'theme', colorScheme: 'light', variables: {} } satisfies ThemeModule }),
    Lumen: async () => ({ default: { type: 'icons', icons: {} } satisfies IconsModule }),
    Chime: async () => ({ default: { type: 'sounds', sounds: { bell: [], message: [] } } satisfies SoundsModule }),
  },
};

/**
 * What the server answers a signed-in desktop, scripted on a fake
 * environment: the settings (kept between saves), the package manifest, the
 * saved desktop session (kept between saves), whether the user has signed in
 * before, the ping. Tests change the fields to script the server.
 */
export class FakeDesktopServer {
  settings: Record<string, unknown>;
  manifest: PackageManifestEntry[];
  session: unknown[];
  hasLoggedIn: { has_logged_in: 0 | 1; verification_pending: string | null } = { has_logged_in: 1, verification_pending: null };
  locked: string[] = [];
  /** The work-item calls (the notification centre's): script them through its tasks. */
  readonly tasks: FakeTaskServer;
  /** The global search's queries as received (docs/behaviour/search.md). */
  searchQueries: Array<{ q: string; filter: SearchFilter | ''; take: number; skip: number }> = [];
  /** What GET search answers a valid query (default: nothing found); a Response is sent as it is. */
  searchAnswer: (query: { q: string; filter: SearchFilter | ''; take: number; skip: number }) => SearchResponse | Response = ({ q, filter }) => emptySearchResponse(q, filter);
  /** What GET profile/user/{id} answers (the home widget: docs/behaviour/desktop.md#home-widget); a Response is sent as it is. Default: no block. */
  home: HomeProfile | Response = { type: 'html', html: '', dashboard_uuid: null };
  /** The stored search history (comma-separated, newest first) that POST user/updateusersearchitems adds to; null makes the save fail (500). */
  searchHistory: string | null = '';

  constructor(
    readonly env: FakeEnvironment,
    options: { settings?: Record<string, unknown>; manifest?: PackageManifestEntry[]; session?: unknown[] } = {},
  ) {
    this.settings = { ...DEFAULT_SETTINGS, ...options.settings };
    // The default look's packages are always there (give their loaders: LOOK_PACKAGES.builtins).
    this.manifest = [...LOOK_PACKAGES.manifest, ...(options.manifest ?? [])];
    this.session = options.session ?? [];
    const settingsAnswer = () => jsonResponse(200, { status: 'success', data: { values: this.settings, locked: this.locked } });
    env.route('GET', '/api/v1/settings', settingsAnswer);
    env.route('POST', '/api/v1/settings', (r) => {
      this.settings = { ...this.settings, ...(r.json() as object) };
      return settingsAnswer();
    });
    env.route('GET', '/api/v1/packages/manifest', () => jsonResponse(200, { status: 'success', data: this.manifest }));
    env.route('GET', '/api/v1/user/me/getsession', () => jsonResponse(200, { status: 'success', data: this.session }));
    env.route('POST', '/api/v1/user/me/updatesession', (r) => {
      this.session = (r.json() as { data: unknown[] }).data;
      return jsonResponse(200, { status: 'success', message: 'Updated' });
    });
    env.route('POST', '/api/v1/user/me/removesession', () => {
      this.session = [];
      return jsonResponse(200, { status: 'success', message: 'Updated' });
    });
    env.route('GET', '/api/v1/user/me/hasLoggedIn', () => jsonResponse(200, { status: 'success', data: this.hasLoggedIn }));
    env.route('POST', '/api/v1/user/me/updateLoggedIn', () => {
      this.hasLoggedIn = { ...this.hasLoggedIn, has_logged_in: 1 };
      return jsonResponse(200, { status: 'success', message: 'Updated' });
    });
    env.route('GET', /^\/api\/v1\/profile\/user\/[^/]+$/, () => (this.home instanceof Response ? this.home : jsonResponse(200, { status: 'success', data: this.home })));
    env.route('GET', '/ping', () => jsonResponse(200, { status: 'success', data: {} }));
    this.tasks = new FakeTaskServer(env);
    env.route('GET', '/api/v1/search', (r) => {
      const params = r.query;
      const q = params.get('q') ?? '';
      const problem = searchTextProblem(q);
      if (problem) return jsonResponse(400, { status: 'error', message: SEARCH_TEXT_MESSAGES[problem], code: `search.${problem}` }, 'Bad Request');
      const query = { q, filter: (params.get('filter') ?? '') as SearchFilter | '', take: Number(params.get('take') ?? 20), skip: Number(params.get('skip') ?? 0) };
      this.searchQueries.push(query);
      const answer = this.searchAnswer(query);
      return answer instanceof Response ? answer : jsonResponse(200, { status: 'success', data: answer });
    });
    env.route('POST', '/api/v1/user/updateusersearchitems', (r) => {
      if (this.searchHistory === null) return jsonResponse(500, { status: 'error', message: 'Internal Server Error' }, 'Internal Server Error');
      this.searchHistory = addToSearchHistory(this.searchHistory, (r.json() as { search_history: string }).search_history);
      return jsonResponse(200, { status: 'success', data: { search_history: this.searchHistory } });
    });
  }
}

/** A search answer finding nothing. */
export function emptySearchResponse(q: string, filter: SearchFilter | '' = ''): SearchResponse {
  const none = { count: 0, items: [] };
  return { q, filter: filter || null, apps: none, users: none, attachments: none, comments: none, records: none };
}
