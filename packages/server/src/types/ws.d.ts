/**
 * The part of the `ws` package (installed with @fastify/websocket, which
 * ships no types for it) that this package uses: the server's sockets and
 * the websocket client of the tests.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ClientOptions {
    headers?: Record<string, string>;
    origin?: string;
    maxPayload?: number;
  }

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: ClientOptions);
    readonly readyState: 0 | 1 | 2 | 3;
    /** Bytes queued by send() and not yet written to the network (ws's queue and the socket's buffer). */
    readonly bufferedAmount: number;
    send(data: string | Buffer, callback?: (err?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    /** Stops (and resume() restarts) reading from the network. */
    pause(): void;
    resume(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
    on(event: string, listener: (...args: never[]) => void): this;
  }

  interface ServerOptions {
    maxPayload?: number;
    perMessageDeflate?: boolean;
  }

  class Server extends EventEmitter {
    readonly clients: Set<WebSocket>;
    close(callback?: (err?: Error) => void): void;
  }

  export { WebSocket, Server, Server as WebSocketServer };
  export type { RawData, ClientOptions, ServerOptions };
  export default WebSocket;
}
