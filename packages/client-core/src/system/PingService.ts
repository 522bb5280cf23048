import type { RequestClient } from '../api/RequestClient.js';
import type { Clock } from '../env.js';

/** setInterval's largest delay. */
const MAX_DELAY = 2 ** 31 - 1;

/** The ping interval (docs/behaviour/sign-in.md#keep-alive-ping): half the session cookie's max age, at least a second, at most setInterval's limit. */
export function pingInterval(sessionMaxAgeSeconds: number): number {
  return Math.min(MAX_DELAY, Math.max(1000, (sessionMaxAgeSeconds * 1000) / 2));
}

/**
 * Keeps the session cookie alive: GET /ping every half of its max age
 * (docs/behaviour/sign-in.md#keep-alive-ping). A failed ping is only logged (an ended session is handled by the
 * request client). Without a positive max age nothing is sent.
 */
export class PingService {
  readonly #clock: Clock;
  readonly #request: RequestClient;
  readonly #sessionMaxAge: number;
  #timer: unknown = null;

  constructor(options: { clock: Clock; request: RequestClient; sessionMaxAge: number }) {
    this.#clock = options.clock;
    this.#request = options.request;
    this.#sessionMaxAge = options.sessionMaxAge;
  }

  start(): void {
    if (this.#timer !== null || !(this.#sessionMaxAge > 0)) return;
    this.#timer = this.#clock.setInterval(() => void this.ping(), pingInterval(this.#sessionMaxAge));
  }

  /** One GET /ping now. */
  async ping(): Promise<void> {
    try {
      await this.#request.get('ping');
    } catch (error) {
      console.warn('The ping failed.', error);
    }
  }

  dispose(): void {
    if (this.#timer !== null) this.#clock.clearInterval(this.#timer);
    this.#timer = null;
  }
}
