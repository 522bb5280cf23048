import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { lingerAfterRefusal } from '../../src/http/connections.js';

describe('lingering after a refusal', () => {
  it('answers with Connection: close, and leaves a request made within the process (no network connection) alone', async () => {
    // Fastify's inject gives a request a socket of its own kind, without destroy(): the grace's end must not call it.
    const raw = Object.assign(new PassThrough(), { complete: false, socket: new EventEmitter() });
    const reply = { header: vi.fn() };
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      lingerAfterRefusal({ raw } as never, reply as never, 1);
      await new Promise((resolve) => setTimeout(resolve, 30));
    } finally {
      process.off('uncaughtException', uncaught);
    }
    expect(reply.header).toHaveBeenCalledWith('connection', 'close');
    expect(uncaught).not.toHaveBeenCalled();
  });
});
