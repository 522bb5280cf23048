/**
 * A refusal of a service, in the domain's words: a code (`vfs.notFound`,
 * `tasks.taskNotFound`, `auth.missing`), a safe English message and the
 * values of its placeholders. Services throw these and know no HTTP; one
 * table in http/domainErrors.ts turns each code into a status.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** The envelope's `code`: '<domain>.<reason>'. */
    readonly code: string,
    /** Values of the message's placeholders, answered beside it (the client translates `code` with them). */
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
