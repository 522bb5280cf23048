/** The editor's style sheet, imported for its side effect; Vite bundles it with the app's chunk, Vitest ignores it. */
declare module '*.css';
