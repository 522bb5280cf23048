// The types of what Vite adds to the client code (import.meta.env, asset imports).
/// <reference types="vite/client" />
