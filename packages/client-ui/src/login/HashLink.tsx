import type { JSX, ReactNode } from 'react';
import { useAtrium } from '../AtriumContext.js';

/**
 * A link between the login page's cards: it changes the address hash
 * ('forgotpassword', 'login', '' for the card the site starts with) without
 * loading the page again (docs/behaviour/login-page.md#page-address).
 */
export function HashLink({ hash, className = 'atr-link', testId, children }: { hash: string; className?: string; testId: string; children: ReactNode }): JSX.Element {
  const { navigation } = useAtrium();
  return (
    <a
      href={`#${hash}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        navigation.setHash(hash);
      }}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
