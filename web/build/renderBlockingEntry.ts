/**
 * A Vite plugin marking the page's entry script `blocking="render"`: the
 * browser paints no frame before it has run. Its first lines paint the page
 * in the colours of the user's last desktop theme (web/src/main.tsx,
 * docs/behaviour/desktop.md#loading-overlay), which a deferred module script
 * would do only after a first light frame; and before it has run there is
 * nothing to show anyway (every screen is rendered by it). Vite writes the
 * entry's tag itself and drops attributes it does not know, so they are
 * added to the built page.
 */
import type { Plugin } from 'vite';

/** The built page's entry tag: the first module script with a src. */
const ENTRY = /<script type="module"([^>]*?) src="([^"]+)"><\/script>/;

/** Adds blocking="render" to the entry script tag of a built page (unchanged when it has none or already blocks). */
export function markEntryRenderBlocking(html: string): string {
  return html.replace(ENTRY, (tag, attributes: string, src: string) => (/\bblocking=/.test(attributes) ? tag : `<script type="module"${attributes} blocking="render" src="${src}"></script>`));
}

export function renderBlockingEntry(): Plugin {
  return {
    name: 'atrium:render-blocking-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: markEntryRenderBlocking },
  };
}
