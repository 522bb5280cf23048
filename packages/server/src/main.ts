/**
 * `npm start`: runs the server with the configuration of the environment
 * and stops it gracefully on SIGINT or SIGTERM.
 */
import { ConfigError, loadConfig } from './config.js';
import { DataFolderLockedError } from './dataLock.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const storage = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
  server.app.log.info({ address: server.address, storage }, 'Atrium is ready');
  process.stdout.write(`\nAtrium is running at ${server.address} (${storage})\n\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DataFolderLockedError) {
    process.stderr.write(`${e.message}\n`);
  } else {
    process.stderr.write(`Atrium could not start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  }
  process.exit(1);
});
