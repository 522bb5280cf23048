/** Global search under the API prefix (docs/API.md, "Search"). */
import { SEARCH_TEXT_MESSAGES, SearchQuery, searchTextProblem, type SearchResponse } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { searchCallerOf } from '../access/views.js';
import { callerOf, type Authenticate } from '../http/authenticate.js';
import { HttpError, ok, parse } from '../http/reply.js';
import type { SearchService } from './SearchService.js';

export function searchRoutes({ search, authenticate }: { search: SearchService; authenticate: Authenticate }) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', authenticate);

    // A costly call: within the caller's limits (docs/ARCHITECTURE.md, "Costly calls").
    app.get('/search', { config: { costly: true } }, async (request) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      // The panel's own texts for an empty search and one of special characters only (docs/behaviour/search.md#validation).
      if (raw.q === undefined || typeof raw.q === 'string') {
        const problem = searchTextProblem(typeof raw.q === 'string' ? raw.q : '');
        if (problem) throw new HttpError(400, SEARCH_TEXT_MESSAGES[problem], `search.${problem}`);
      }
      const query = parse(SearchQuery, raw);
      return ok<SearchResponse>(await search.search(searchCallerOf(callerOf(request)), query));
    });
  };
}
