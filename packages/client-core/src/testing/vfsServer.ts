import type { VfsEntry, VfsErrorCode } from '@atrium/shared';
import type { FileEntry } from '../vfs/FileSystem.js';
import { FileSystemError } from '@atrium/sdk';
import type { MemoryFileSystem } from '@atrium/sdk/testing';
import { jsonResponse, type FakeEnvironment, type RecordedRequest, type RouteHandler } from './FakeEnvironment.js';
import { requireToken } from './fixtures.js';

/** The HTTP status the server answers a filesystem failure with (docs/API.md, "Files"). */
const STATUS: Partial<Record<VfsErrorCode, number>> = {
  notFound: 404,
  filesystemNotFound: 404,
  filesystemNotFoundFor: 404,
  readOnly: 403,
  alreadyExists: 409,
  notADirectory: 409,
  isADirectory: 409,
  notMounted: 409,
  alreadyMounted: 409,
  tooLarge: 413,
  quotaExceeded: 413,
  diskFull: 507,
};

/**
 * The server's `/vfs` calls scripted on a fake environment over a
 * MemoryFileSystem (which follows the server's rules): GET
 * /vfs/mountpoints, GET exists/stat/readdir/readfile with `path` and
 * `options` in the query, POST the others with JSON bodies, writefile as
 * multipart (`path`, `options`, `upload`). Answers are envelopes; failures
 * the server's error envelopes (`code: 'vfs.<code>'`, `params`). File
 * entries carry a signed-looking `url`. `fail` makes the next calls of an
 * operation answer an error envelope of that code.
 */
export class FakeVfsServer {
  /** operation → the failure its next calls answer. */
  readonly fail = new Map<string, { code: VfsErrorCode; params?: Record<string, string> }>();

  constructor(
    readonly env: FakeEnvironment,
    readonly fs: MemoryFileSystem,
    /** The access token the calls accept (e.g. FakeAuthServer's accepted()); others answer 'Token Invalid'. Absent: any. */
    accepted?: () => string | null,
  ) {
    const guard = (handler: RouteHandler): RouteHandler => (accepted ? requireToken(accepted, handler) : handler);
    env.route('GET', '/vfs/mountpoints', guard(async () => jsonResponse(200, { status: 'success', data: await fs.mountpoints() })));
    env.route('GET', /^\/vfs\/(exists|stat|readdir|readfile)$/, guard((r) => this.#answer(r, r.query.get('path') ?? '', parseOptions(r.query.get('options')))));
    env.route(
      'POST',
      /^\/vfs\/(copy|rename|mkdir|unlink|touch|search)$/,
      guard((r) => {
        const body = r.json() as Record<string, unknown>;
        return this.#answer(r, body.path as string, (body.options ?? {}) as Record<string, unknown>, body);
      }),
    );
    env.route(
      'POST',
      '/vfs/writefile',
      guard(async (r) => {
        const form = r.body as FormData;
        const upload = form.get('upload');
        const path = String(form.get('path'));
        if (!(upload instanceof Blob)) return failure(new FileSystemError('uploadMissing'));
        return this.#answer(r, path, parseOptions(form.get('options') as string | null), { upload });
      }),
    );
  }

  async #answer(request: RecordedRequest, path: string, options: Record<string, unknown>, body: Record<string, unknown> = {}): Promise<Response> {
    const operation = request.path.slice('/vfs/'.length);
    const failing = this.fail.get(operation);
    if (failing) return failure(new FileSystemError(failing.code, failing.params ?? {}));
    const fs = this.fs;
    try {
      switch (operation) {
        case 'exists':
          return ok(await fs.exists(path));
        case 'stat':
          return ok(this.#entry(await fs.stat(path)));
        case 'readdir':
          return ok((await fs.readdir(path, options)).map((e) => this.#entry(e)));
        case 'readfile': {
          const { mime } = await fs.stat(path);
          return new Response(await fs.readfile(path, 'arraybuffer'), { status: 200, headers: { 'content-type': mime } });
        }
        case 'writefile':
          return ok(this.#entry(await fs.writefile(path, body.upload as Blob, options)));
        case 'copy':
          return ok(this.#entry(await fs.copy(body.from as string, body.to as string, options)));
        case 'rename':
          return ok(this.#entry(await fs.rename(body.from as string, body.to as string, options)));
        case 'mkdir':
          return ok(this.#entry(await fs.mkdir(path)));
        case 'unlink':
          return ok(await fs.unlink(path));
        case 'touch':
          return ok(this.#entry(await fs.touch(path)));
        case 'search':
          return ok((await fs.search(body.root as string, body.pattern as string, options)).map((e) => this.#entry(e)));
      }
    } catch (error) {
      if (error instanceof FileSystemError) return failure(error);
      throw error;
    }
    return jsonResponse(404, { status: 'error', message: 'Not found' });
  }

  /** The entry as the server answers it: no humanSize, a signed address for files. */
  #entry(entry: FileEntry): VfsEntry {
    const { humanSize: _humanSize, ...rest } = entry;
    const served = { ...rest, id: entry.id ?? '', parent_id: entry.parent_id ?? null, stat: { created: '', modified: '', ...entry.stat } } as VfsEntry;
    if (entry.isFile) served.url = `https://atrium.example/api/v1/file/${served.id}/data?token=signed`;
    return served;
  }
}

function ok(data: unknown): Response {
  return jsonResponse(200, { status: 'success', data });
}

function failure(error: FileSystemError): Response {
  return jsonResponse(STATUS[error.kind] ?? 400, { status: 'error', message: error.message, code: error.code, params: error.params });
}

function parseOptions(text: string | null): Record<string, unknown> {
  if (!text) return {};
  return JSON.parse(text) as Record<string, unknown>;
}
