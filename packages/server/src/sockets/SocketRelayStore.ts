/** A message relayed to a user's connections on the other servers, as written for them to read. */
export interface SocketRelay {
  id: string;
  userId: string;
  /** The socket it was sent on and reaches (SOCKET_PATH or an application's socket). */
  path: string;
  /** The application the message belongs to, whose use is checked again where it is delivered. */
  app: string;
  /** The sending connection's id. */
  sender: string;
  /** The message as its receivers get it (JSON text). */
  body: string;
}

/** Relayed messages waiting to be read by the other servers (docs/DEPLOYMENT.md, "Sockets across servers"). */
export interface SocketRelayStore {
  add(relay: SocketRelay): Promise<void>;
  /** The relay of that id, or null when it is gone (deleted after its delivery window). */
  find(id: string): Promise<SocketRelay | null>;
  /** Deletes the relays written more than `seconds` ago by the database's clock; returns how many. */
  purgeOlderThan(seconds: number): Promise<number>;
}
