/**
 * @atrium/shared: the contract between client and server. Framework-free;
 * depends on nothing but zod.
 */
export * from './constants.js';
export * from './messages.js';
export * from './rules/password.js';
export * from './rules/roleName.js';
export * from './rules/keyNames.js';
export * from './rules/path.js';
export * from './rules/visibility.js';
export * from './rules/monogram.js';
export * from './rules/mime.js';
export * from './rules/humanFileSize.js';
export { FileSystemError } from './rules/FileSystemError.js';
export * from './api/envelope.js';
export * from './api/text.js';
export * from './api/auth.js';
export * from './api/externalAuth.js';
export * from './api/user.js';
export * from './api/content.js';
export * from './api/client-config.js';
export * from './api/packages.js';
export * from './api/catalogue.js';
export * from './rules/catalogueTitle.js';
export * from './api/settings.js';
export * from './api/settingsKeys.js';
export * from './api/desktopSession.js';
export * from './api/vfs.js';
export * from './api/vfsBodies.js';
export * from './sockets/messages.js';
export * from './api/socketProtocol.js';
export { catalogues, flattenCatalogue, loadCatalogue, loadDesktopCatalogue, loadExternalCatalogue, loadWorkCatalogue, LOCALE_NATIVE_NAMES, type Catalogue, type DesktopCatalogue, type ExternalCatalogue, type LoginCatalogue, type WorkCatalogue } from './i18n/index.js';
export { languageTag, LOCALE_LANGUAGE_TAGS, textDirection } from './i18n/languageTags.js';
export { fillPlaceholders } from './i18n/placeholders.js';
export { translationProblems, type TranslationExceptions } from './i18n/translations.js';
export * from './api/tasks.js';
export * from './api/taskBodies.js';
export * from './api/search.js';
