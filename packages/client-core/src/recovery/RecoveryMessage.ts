/** A message of the recovery screens: red (error) or green (success); key = i18n key. */
export type RecoveryMessage = { kind: 'error' | 'success'; key: string } | null;

/** State of the forgot- and reset-password models. */
export interface RecoveryState {
  /** A request is in flight. */
  busy: boolean;
  message: RecoveryMessage;
}
