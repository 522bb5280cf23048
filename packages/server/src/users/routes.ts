/** User routes under the versioned API base (docs/API.md#user). */
import { Messages, SearchHistoryBody, SwitchAccountBody, UpdateUserBody, UserIdParams } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { mayChangeUser } from '../access/rules.js';
import { authOf, callerOf, type Authenticate } from '../http/authenticate.js';
import { HttpError, ok, parse } from '../http/reply.js';
import type { SearchService } from '../search/SearchService.js';
import type { ProfileService } from './ProfileService.js';
import type { AccountSwitcher } from './switchAccount.js';

/** What the user routes use. */
export interface UserRouteServices {
  profiles: ProfileService;
  search: SearchService;
  accountSwitcher: AccountSwitcher;
  authenticate: Authenticate;
}

/** The specification's profile path, then those front ends built on the OS.js client ask for: all answer the whole profile. */
const PROFILE_PATHS = ['a+p+acc+ap+t', 'a+p+acc+bapp+ap', 'a+p+bapp'] as const;

export function userRoutes(services: UserRouteServices) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', services.authenticate);

    app.get('/user/me', async (request) => ok(services.profiles.current(authOf(request).user)));

    // The profile, at the specification's path and at those earlier front ends ask for it (docs/COMPATIBILITY.md#profile).
    for (const path of PROFILE_PATHS) app.get(`/user/me/${path}`, async (request) => ok(await services.profiles.profile(authOf(request).user, callerOf(request).roles)));

    app.get('/user/me/hasLoggedIn', async (request) => ok(services.profiles.hasLoggedIn(authOf(request).user)));

    app.post('/user/me/updateLoggedIn', async (request) => {
      await services.profiles.markLoggedIn(authOf(request).user);
      return { status: 'success', message: Messages.updated };
    });

    app.get('/user/:id/detail', async (request) => {
      const { id } = parse(UserIdParams, request.params);
      const detail = await services.profiles.detail(authOf(request).user, id);
      if (!detail) throw new HttpError(404, Messages.userNotFound, 'user.not-found');
      return ok(detail);
    });

    app.put('/user/:id', async (request) => {
      const { id } = parse(UserIdParams, request.params);
      const me = authOf(request).user;
      if (!mayChangeUser(callerOf(request), id)) throw new HttpError(403, Messages.forbidden, 'user.forbidden');
      const body = parse(UpdateUserBody, request.body);
      await services.profiles.updateOwn(me, body);
      return { status: 'success', message: Messages.updated };
    });

    // The search history: the text just searched goes first (docs/behaviour/search.md#history).
    app.post('/user/updateusersearchitems', async (request) => {
      const { search_history } = parse(SearchHistoryBody, request.body);
      return ok({ search_history: await services.search.remember(callerOf(request).userId, search_history) });
    });

    app.post('/user/switchaccount', async (request, reply) => {
      const { accountId } = parse(SwitchAccountBody, request.body);
      const result = await services.accountSwitcher.switch(authOf(request), accountId);
      if (!result.ok) return reply.code(400).send({ status: 'error', message: result.errors.join('; '), data: { errors: result.errors } });
      return ok({ jwt: result.jwt });
    });
  };
}
