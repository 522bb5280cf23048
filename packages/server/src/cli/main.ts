/**
 * `npm run cli -- <command>` and `atrium <command>`: the operator command
 * line, on the configuration of the environment (DATA_DIR, DATABASE_URL).
 */
import { ConfigError, loadConfig } from '../config.js';
import { CliError } from './args.js';
import { openCliContext } from './context.js';
import { processIo } from './io.js';
import { runCli } from './runCli.js';

process.exitCode = await runCli(process.argv.slice(2), processIo(), async () => {
  try {
    return await openCliContext(loadConfig());
  } catch (e) {
    if (e instanceof ConfigError) throw new CliError(e.message);
    throw e;
  }
});
