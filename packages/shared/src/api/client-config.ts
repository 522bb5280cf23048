/**
 * GET /client-config: what the web client needs before it can make calls.
 * The wrapper and versioned API base addresses are server configuration.
 */
export interface ClientConfig {
  /** Base of the wrapper service calls (auth, tokens, password recovery). */
  wrapperBase: string;
  /** Base of the versioned REST calls (v1). */
  apiBase: string;
  /** Product version shown on the login page. */
  version: string;
}
