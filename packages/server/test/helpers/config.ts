import { ConfigError, loadConfig } from '../../src/config.js';

/** The message of the ConfigError an environment stops the server with; fails the test when it starts. */
export function configRefusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}
