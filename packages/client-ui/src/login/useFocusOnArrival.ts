import { useEffect, type RefObject } from 'react';

/**
 * Gives the first field of a sign-in card the focus when the card arrives
 * and nothing else holds it: on opening the page (signing out reloads it),
 * after 'Forgot your password' or 'Go Back', whose link or button went with
 * the screen it was on. Focus would otherwise be on the page body, and a
 * keyboard user would start again from the top (docs/ACCESSIBILITY.md).
 */
export function useFocusOnArrival(card: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const root = card.current;
    (root?.querySelector<HTMLElement>('input:not([disabled])') ?? root?.querySelector<HTMLElement>('button:not([disabled]), a[href]'))?.focus();
  }, [card]);
}
