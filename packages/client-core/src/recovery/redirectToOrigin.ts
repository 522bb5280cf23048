import { RECOVERY_REDIRECT_DELAY } from '@atrium/shared';
import type { ClientEnvironment } from '../env.js';

/** Goes to the site origin after the recovery delay (2 s); returns the timer handle. */
export function redirectToOrigin(env: ClientEnvironment): unknown {
  return env.clock.setTimeout(() => env.location.assign(env.location.origin), RECOVERY_REDIRECT_DELAY);
}
