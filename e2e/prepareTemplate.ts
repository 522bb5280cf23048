/**
 * Prepares the journeys' template data folder ahead of them (e2e/globalSetup.ts), in the empty or new folder named:
 * `node --import tsx e2e/prepareTemplate.ts <folder>`, then `E2E_TEMPLATE_DIR=<folder> npx playwright test ...`.
 * `npm test` runs it in the background beside the PostgreSQL tests (scripts/test-all.sh).
 */
import fs from 'node:fs';
import { prepareTemplate } from './globalSetup.js';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node --import tsx e2e/prepareTemplate.ts <folder>');
fs.mkdirSync(folder, { recursive: true });
if (fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty`);
await prepareTemplate(folder);
