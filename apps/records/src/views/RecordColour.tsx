import { useTranslation } from '@atrium/app-kit';
import type { RygStatus } from '@atrium/shared';
import type { JSX } from 'react';

/** A record's colour as a dot, named for screen readers and in its tooltip (never hue alone); nothing for a record without one. */
export function RecordColour({ colour }: { colour: RygStatus }): JSX.Element | null {
  const { t } = useTranslation();
  if (colour === 'BLUE') return null;
  const name = t(`records.colour.${colour}`);
  return <span className={`rcv-dot rcv-ryg--${colour.toLowerCase()}`} role="img" aria-label={name} title={name} data-colour={colour} />;
}
