/** GET and POST {api}/settings (docs/API.md#settings): the caller's own settings only. */
import { SettingsBody, type SettingsResponse } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { HttpError, ok, parse } from '../http/reply.js';
import type { SettingRefusal, SettingsService } from './SettingsService.js';

/** Header naming the caller's own desktop socket (atrium/ready's connection), which is then not told of the change. */
export const SOCKET_ID_HEADER = 'x-atrium-socket';

const STATUS: Readonly<Record<SettingRefusal['kind'], number>> = { unknown: 400, invalid: 400, 'too-large': 413, locked: 403, 'no-access': 403 };
const CODE: Readonly<Record<SettingRefusal['kind'], string>> = {
  unknown: 'settings.unknown',
  invalid: 'settings.invalid',
  'too-large': 'settings.too-large',
  locked: 'settings.locked',
  'no-access': 'packages.error.access',
};

export function settingsRoutes({ settings, authenticate }: { settings: SettingsService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    app.get('/settings', async (request) => ok<SettingsResponse>(await settings.get(callerOf(request).userId)));

    app.post('/settings', async (request) => {
      const body = parse(SettingsBody, request.body);
      const socketId = request.headers[SOCKET_ID_HEADER];
      const result = await settings.update(callerOf(request).userId, body, typeof socketId === 'string' ? socketId : undefined);
      if (!result.ok) throw new HttpError(STATUS[result.refusal.kind], result.refusal.message, CODE[result.refusal.kind]);
      return ok<SettingsResponse>(result.settings);
    });
  };
}
