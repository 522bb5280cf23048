/**
 * The identity provider's texts (shared's loadExternalCatalogue), reached by
 * dynamic import from createI18n's 'external' part, so that the login page's
 * bundle carries not even their loader.
 */
export { loadExternalCatalogue } from '@atrium/shared';
