/**
 * @atrium/client-core: the client's models without React. The UI subscribes
 * to them; they never touch the DOM beyond what they are given (env.ts).
 */
export { browserEnvironment, type CacheNames, type ClientEnvironment, type Clock, type CookieJar, type PageHistory, type PageLocation } from './env.js';
export { Observable } from './Observable.js';

export { DEFAULT_SITE_SETTINGS, loadClientConfig, siteSettings, type ClientConfig, type FetchLike, type SiteSettings } from './clientConfig.js';

export { SecureStorage } from './storage/SecureStorage.js';
export { StorageKeys, type StorageKey } from './storage/StorageKeys.js';
export { readPreference, writePreference } from './storage/preferences.js';

export { DEFAULT_REQUEST_TIMEOUT, RequestClient, type RequestOptions, type TokenSource } from './api/RequestClient.js';
export { RequestError, RequestMessages, type RequestErrorCode } from './api/RequestError.js';

export { Session, type LoginError, type SessionState } from './auth/Session.js';

export { blockBackNavigation, forgetLaunchRequest, parsePageAddress, takeLaunchRequest, type PageAddress } from './address/PageAddress.js';
export { safeAddress } from './address/safeAddress.js';

export { SliderModel, WHEEL_MIN_DELTA, WHEEL_THROTTLE, type Announcement, type SliderState } from './slider/SliderModel.js';

export { ForgotPasswordModel } from './recovery/ForgotPasswordModel.js';
export { ResetPasswordModel } from './recovery/ResetPasswordModel.js';
export type { RecoveryMessage, RecoveryState } from './recovery/RecoveryMessage.js';

export { createI18n, isLocale, type ClientI18n } from './i18n/createI18n.js';
export { pickLocale } from './i18n/pickLocale.js';
