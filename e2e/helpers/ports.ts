/**
 * Ports of the journeys' servers. Each worker has a block of its own,
 * E2E_PORT + BLOCK × its parallel index (stable across a worker's restart),
 * so that two workers never collide:
 *
 *   +0 the worker's server          +1 its short-token server
 *   +2 connection                   +3 the application menu's own server
 *   +4 one base address (compat.)   +5 first sign-in
 *   +6 the pages of one base        +7 the accessibility scan's first sign-in
 *   +8 the file dialogs' own server +9 the template's (first block only, before the workers start: e2e/globalSetup.ts)
 *   +10 to +14 external sign-in servers, +15 to +19 their identity providers
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 18_080);
const BLOCK = 20;

export const Ports = {
  main: 0,
  shortToken: 1,
  connection: 2,
  appMenu: 3,
  oneBase: 4,
  firstSignIn: 5,
  oneBasePages: 6,
  a11yFirstSignIn: 7,
  filesDialogs: 8,
  template: 9,
  external: 10,
  externalIdp: 15,
} as const;

/** The port at `offset` of this worker's block (Playwright tells a worker its parallel index in TEST_PARALLEL_INDEX). */
export function workerPort(offset: number): number {
  return BASE_PORT + BLOCK * Number(process.env.TEST_PARALLEL_INDEX ?? 0) + offset;
}
