/**
 * The current state of a client-core model; re-renders when it changes
 * (the app kit's useModel: one hook for the desktop's models and the apps').
 */
export { useModel as useObservable } from '@atrium/app-kit';
