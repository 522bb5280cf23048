import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint configuration must reject imports against the package arrows
 * (web -> apps -> client-ui -> client-core -> sdk -> shared; server -> shared;
 * theme, icon and sound packages follow the rules of apps).
 */
const repo = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: repo });

async function restrictedImports(file: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repo, file) });
  return result?.messages.filter((m) => m.ruleId === 'no-restricted-imports').length ?? 0;
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
  ])('rejects in %s: %s', async (file, source) => {
    expect(await restrictedImports(file, `${source}\nexport {};\n`)).toBe(1);
  });

  it.each([
    ['packages/client-core/src/x.ts', "import { Messages } from '@atrium/shared';"],
    ['packages/client-ui/src/x.ts', "import { loadClientConfig } from '@atrium/client-core';"],
    ['packages/server/src/x.ts', "import { Messages } from '@atrium/shared';"],
    ['apps/chat/src/x.ts', "import { defineApplication } from '@atrium/sdk';"],
    ['apps/chat/src/x.ts', "import { reactContent } from '@atrium/client-ui';"],
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
