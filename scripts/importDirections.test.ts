import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint configuration must reject imports against the package arrows
 * (web -> apps -> app-kit -> sdk -> shared; web -> client-ui -> app-kit and
 * client-core -> sdk -> shared; server -> shared; theme, icon and sound
 * packages follow the rules of apps) and relative imports that leave their
 * package.
 */
const repo = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: repo });

const IMPORT_RULES = new Set(['no-restricted-imports', 'atrium/package-boundary']);

async function restrictedImports(file: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repo, file) });
  return result?.messages.filter((m) => m.ruleId !== null && IMPORT_RULES.has(m.ruleId)).length ?? 0;
}

describe('import directions', () => {
  it.each([
    ['packages/shared/src/x.ts', "import { buildApp } from '@atrium/server';"],
    ['packages/shared/src/x.ts', "import fs from 'node:fs';"],
    ['packages/client-core/src/x.ts', "import { useState } from 'react';"],
    ['packages/client-core/src/x.ts', "import { StartPage } from '@atrium/client-ui';"],
    ['packages/client-ui/src/x.ts', "import { buildApp } from '@atrium/server';"],
    ['packages/server/src/x.ts', "import { loadClientConfig } from '@atrium/client-core';"],
    ['web/src/x.ts', "import { buildApp } from '@atrium/server';"],
    ['apps/chat/src/x.ts', "import { x } from '@atrium/app-mail';"],
    ['apps/chat/src/x.ts', "import nocturne from '@atrium/theme-nocturne';"],
    ['themes/nocturne/src/x.ts', "import { x } from '@atrium/app-preferences';"],
    ['themes/nocturne/src/x.ts', "import fs from 'node:fs';"],
    ['themes/nocturne/src/x.ts', "import { buildApp } from '@atrium/server';"],
    ['packages/client-ui/src/x.ts', "import lumen from '@atrium/icons-lumen';"],
    ['packages/sdk/src/x.ts', "import { Session } from '@atrium/client-core';"],
    // An app sees the app kit, the sdk and shared only: never the desktop, another app, or a path out of its package.
    ['apps/files/src/x.ts', "import { reactContent } from '@atrium/client-ui';"],
    ['apps/files/src/x.ts', "import { renderApplication } from '@atrium/client-ui/testing';"],
    ['apps/files/src/x.test.tsx', "import { MemoryFileSystem } from '@atrium/client-core';"],
    ['apps/files/src/x.test.tsx', "import { FakeEnvironment } from '@atrium/client-core/testing';"],
    ['apps/files/src/x.ts', "import preview from '@atrium/app-preview';"],
    ['apps/files/src/model/x.ts', "import { Shell } from '../../../../packages/client-core/src/index.js';"],
    ['apps/files/src/x.ts', "import { PreviewModel } from '../../preview/src/PreviewModel.js';"],
    ['apps/files/src/x.ts', "export { PreviewView } from '../../preview/src/PreviewView.js';"],
    ['apps/files/src/x.ts', "const texts = () => import('../../preview/src/texts.js');"],
    // The app kit is for apps: it never reaches into the desktop.
    ['packages/app-kit/src/x.ts', "import { createI18n } from '@atrium/client-core';"],
    ['packages/app-kit/src/x.ts', "import { useDesktop } from '@atrium/client-ui';"],
    ['packages/client-core/src/x.ts', "import { useModel } from '@atrium/app-kit';"],
    ['packages/sdk/src/x.ts', "import { Model } from '@atrium/app-kit';"],
    // Relative imports across packages, anywhere.
    ['packages/client-ui/src/x.ts', "import { Translator } from '../../client-core/src/i18n/Translator.js';"],
    ['web/src/x.ts', "import vision from '../../themes/vision/src/index.js';"],
    ['bench/x.ts', "import { buildApp } from '../packages/server/src/app.js';"],
  ])('rejects in %s: %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\nexport {};\n`)).toBe(1);
  });

  it.each([
    ['packages/client-core/src/x.ts', "import { Messages } from '@atrium/shared';"],
    ['packages/client-ui/src/x.ts', "import { loadClientConfig } from '@atrium/client-core';"],
    ['packages/server/src/x.ts', "import { Messages } from '@atrium/shared';"],
    ['apps/chat/src/x.ts', "import { defineApplication } from '@atrium/sdk';"],
    ['apps/chat/src/x.ts', "import { reactContent, useModel } from '@atrium/app-kit';"],
    ['apps/files/src/x.test.tsx', "import { renderApplication } from '@atrium/app-kit/testing';"],
    ['apps/files/src/x.test.tsx', "import { MemoryFileSystem } from '@atrium/sdk/testing';"],
    ['apps/files/src/views/x.ts', "import { FilesModel } from '../model/FilesModel.js';"],
    ['apps/files/src/x.ts', "import metadata from '../metadata.json';"],
    ['packages/client-ui/src/x.ts', "import { FailureState } from '@atrium/app-kit';"],
    ['packages/app-kit/src/x.ts', "import { defineApplication } from '@atrium/sdk';"],
    ['themes/nocturne/src/x.ts', "import type { ThemeModule } from '@atrium/shared';"],
    ['themes/nocturne/src/x.ts', "import { localizedText } from '@atrium/sdk';"],
    ['packages/client-core/src/x.ts', "import { defineApplication } from '@atrium/sdk';"],
    ['packages/sdk/src/x.ts', "import { LOCALES } from '@atrium/shared';"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\nexport {};\n`)).toBe(0);
  });

  it.each([
    ['packages/server/src/vfs/routes.ts', "import type { Stores } from '../stores.js';"],
    ['packages/server/src/vfs/routes.ts', "import type { VfsStore } from './VfsStore.js';"],
    ['packages/server/src/tasks/routes.ts', "import { PgTaskStore } from './PgTaskStore.js';"],
    ['packages/server/src/users/routes.ts', "import type { Db } from '../db/database.js';"],
    ['packages/server/src/users/routes.ts', "import { users } from '../db/schema.js';"],
    ['packages/server/src/search/routes.ts', "import { sql } from 'drizzle-orm';"],
    ['packages/server/src/announcements/routes.ts', "import type { Services } from '../services.js';"],
    ['packages/server/src/announcements/routes.ts', "import { useState } from 'react';"],
  ])('a route never reaches stores or the database: rejects in %s: %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\nexport {};\n`)).toBe(1);
  });

  it.each([
    ['packages/server/src/vfs/routes.ts', "import type { VfsService } from './VfsService.js';"],
    ['packages/server/src/tasks/routes.ts', "import { ok, parse } from '../http/reply.js';"],
    ['packages/server/src/vfs/VfsService.ts', "import type { VfsStore } from './VfsStore.js';"],
    ['packages/server/src/services.ts', "import type { Stores } from './stores.js';"],
  ])('services and their wiring may use stores: allows in %s: %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\nexport {};\n`)).toBe(0);
  });
});
