/**
 * @atrium/client-core: the client's models without React. The UI subscribes
 * to them; they never touch the DOM beyond what they are given.
 */
export { loadClientConfig, type FetchLike } from './clientConfig.js';
export { createTranslator, pickLocale } from './i18n.js';
