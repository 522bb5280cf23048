import * as z from 'zod/mini';

/**
 * A whole number from a query string (or a JSON body) between min and max:
 * digits only, so '1e3', '-0' and ' 5' are refused rather than guessed at.
 */
export const QueryInt = (min: number, max: number) =>
  z.pipe(z.union([z.int(), z.string().check(z.regex(/^\d{1,9}$/))]), z.transform(Number)).check(z.gte(min), z.lte(max));
