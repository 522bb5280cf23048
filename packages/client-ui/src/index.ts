/** @atrium/client-ui: React views over the client-core models. */
export { StartPage, type StartPageProps } from './StartPage.js';
