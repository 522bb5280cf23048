/** CSS files imported for their side effect; Vite bundles them, Vitest ignores them. */
declare module '*.css';
