/** @atrium/client-ui: React views over the client-core models. */
export { AtriumApp, type AtriumAppProps } from './AtriumApp.js';
export { AtriumContext, DEFAULT_ASSETS, resolveSite, useAtrium, type AtriumServices, type ResolvedSite } from './AtriumContext.js';
export { browserNavigation } from './browserNavigation.js';
export { createModelFactories } from './createModelFactories.js';
export { useObservable } from './hooks/useObservable.js';
export { useOwnedModel } from './hooks/useOwnedModel.js';
export { useLocationHash } from './hooks/useNavigation.js';
export { LoadingOverlay, type LoadingOverlayProps } from './LoadingOverlay.js';
export { StartupScreen, type StartupScreenProps } from './StartupScreen.js';
export type { ForgotPasswordPort, ModelFactories, Navigation, PrivacyPolicy, ResetPasswordPort, SessionPort, SliderPort, Store } from './ports.js';
