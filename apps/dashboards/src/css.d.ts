/** CSS files imported for their side effect; Vite bundles them with the app's chunk, Vitest ignores them. */
declare module '*.css';
