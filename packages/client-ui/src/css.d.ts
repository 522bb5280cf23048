/** CSS files imported for their side effect; Vite bundles them, Vitest ignores them. */
declare module '*.css';

/** A stylesheet as text (tests read the theme's tokens). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
