import { Messages } from '@atrium/shared';
import { DomainError } from '../DomainError.js';

/**
 * A request whose caller cannot be established (a forged, expired or
 * revoked file-link token, a user who is gone): answered as the same
 * 'auth.missing' refusal as a request without a token, so that it tells
 * nothing of which check failed.
 */
export class NotAuthenticatedError extends DomainError {
  constructor() {
    super(Messages.notAuthenticated, 'auth.missing');
    this.name = 'NotAuthenticatedError';
  }
}
