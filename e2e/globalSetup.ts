import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ports, workerPort } from './helpers/ports.js';
import { JourneyServer } from './helpers/server.js';

/**
 * Prepares the template data folder every journey server that registers the
 * fixture packages starts from (E2E_TEMPLATE_DIR, read by JourneyServer):
 * a server from the compiled build is started once on a fresh folder with
 * the fixture packages registered through e2e/serve.sh, so that the demo
 * data is in, then stopped. Copying it costs far less than registering the
 * packages and seeding the demo data again for each worker. Nobody has
 * signed in on it: a first sign-in is still a first one.
 */
export async function prepareTemplate(template: string): Promise<void> {
  const server = new JourneyServer(template, workerPort(Ports.template));
  try {
    await server.start({ registerPackages: true });
  } finally {
    await server.stop();
  }
}

/**
 * Runs before the journeys: prepares the template in a folder of its own, removed after them. A template prepared
 * beforehand (`npm test` prepares it with e2e/prepareTemplate.ts beside the PostgreSQL tests) is used as it is, and
 * left to whoever prepared it.
 */
export default async function globalSetup(): Promise<() => void> {
  const prepared = process.env.E2E_TEMPLATE_DIR;
  if (prepared !== undefined && fs.existsSync(path.join(prepared, 'pgdata'))) return () => undefined;
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-template-'));
  // Not a prepared template (the server would copy it): the demo data is seeded afresh.
  delete process.env.E2E_TEMPLATE_DIR;
  await prepareTemplate(template);
  process.env.E2E_TEMPLATE_DIR = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
