import type { UserDetail } from '@atrium/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState, type JSX, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useFocusTrap } from '../hooks/useFocusTrap.js';
import { useObservable } from '../hooks/useObservable.js';
import { ChatIcon, CloseIcon, MailIcon, UserIcon } from '@atrium/app-kit';
import type { ProfileCardModel } from '@atrium/client-core';
import './ProfileCard.css';

/** Space kept between the card and the viewport's edges. */
const MARGIN = 8;

/** Where a card of `size` opened at `at` goes so that it stays inside the viewport. */
export function clampToViewport(at: { x: number; y: number }, size: { width: number; height: number }, viewport: { width: number; height: number }): { left: number; top: number } {
  const left = Math.max(MARGIN, Math.min(at.x, viewport.width - size.width - MARGIN));
  const top = Math.max(MARGIN, Math.min(at.y, viewport.height - size.height - MARGIN));
  return { left, top };
}

export interface ProfileCardProps {
  model: ProfileCardModel;
  /** The chat link: launches Chat with the user (the desktop passes packages.launch). */
  onChat(username: string): void;
}

/**
 * The user profile popup card (docs/behaviour/profile.md#profile-card): at the click position (kept inside the
 * viewport), the user's photo or the default user icon, name, designation,
 * a chat link and a mail link, and lines for email, manager and country
 * (empty ones hidden); a skeleton while the detail loads. A modal dialog:
 * focus stays inside, Escape, the X or a click on the overlay close it, and
 * focus goes back to where it was.
 */
export function ProfileCard({ model, onChat }: ProfileCardProps): JSX.Element | null {
  const state = useObservable(model);
  if (!state.open) return null;
  return <OpenCard key={`${state.userId}:${state.at.x}:${state.at.y}`} model={model} at={state.at} detail={state.detail} onChat={onChat} />;
}

function OpenCard({ model, at, detail, onChat }: { model: ProfileCardModel; at: { x: number; y: number }; detail: UserDetail | null; onChat(username: string): void }): JSX.Element {
  const { t } = useTranslation();
  const card = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  useFocusTrap(card, true);

  // Placed once its size is known (and again when the detail arrives and it grows).
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    const place = () => {
      const next = clampToViewport(at, { width: element.offsetWidth, height: element.offsetHeight }, { width: window.innerWidth, height: window.innerHeight });
      setPosition((current) => (current && current.left === next.left && current.top === next.top ? current : next));
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [at, detail]);

  // Focus goes back to where it was when the card closes...
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => previous?.focus({ preventScroll: true });
  }, []);
  // ...and moves into the card once it is placed (a hidden element cannot take focus).
  const placed = position !== null;
  useEffect(() => {
    if (placed) closeButton.current?.focus({ preventScroll: true });
  }, [placed]);

  // Escape closes the card wherever focus is (the card is modal).
  useEffect(() => {
    const handleEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      model.close();
    };
    document.addEventListener('keydown', handleEscape);
    return () => document.removeEventListener('keydown', handleEscape);
  }, [model]);

  const handleOverlay = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) model.close();
  };
  const lines = detail
    ? ([
        ['email', t('profileCard.email'), detail.email],
        ['manager', t('profileCard.manager'), detail.manager_name],
        ['country', t('profileCard.country'), detail.country],
      ] as const).filter(([, , value]) => typeof value === 'string' && value.trim() !== '')
    : [];

  return (
    <div className="atr-profile-overlay" onMouseDown={handleOverlay} data-testid="profileCard.overlay">
      <div
        ref={card}
        className="atr-profile-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={detail ? headingId : undefined}
        aria-label={detail ? undefined : t('profileCard.loading')}
        aria-busy={!detail || undefined}
        style={position ? { left: position.left, top: position.top } : { left: at.x, top: at.y, visibility: 'hidden' }}
        data-testid="profileCard"
      >
        <button ref={closeButton} type="button" className="atr-icon-button atr-profile-card__close" aria-label={t('profileCard.close')} title={t('profileCard.close')} onClick={() => model.close()} data-testid="profileCard.close">
          <CloseIcon width={18} height={18} />
        </button>
        {detail ? (
          <>
            <div className="atr-profile-card__head">
              {detail.icon ? (
                <img className="atr-profile-card__photo" src={detail.icon} alt={t('profileCard.photo', { name: detail.name })} data-testid="profileCard.photo" />
              ) : (
                <span className="atr-profile-card__photo atr-profile-card__photo--default" data-testid="profileCard.defaultPhoto">
                  <UserIcon width={30} height={30} />
                </span>
              )}
              <div className="atr-profile-card__who">
                <h2 id={headingId} className="atr-profile-card__name" data-testid="profileCard.name">
                  {detail.name}
                </h2>
                {detail.designation && (
                  <p className="atr-profile-card__designation" data-testid="profileCard.designation">
                    {detail.designation}
                  </p>
                )}
              </div>
            </div>
            <div className="atr-profile-card__actions">
              <a
                className="atr-profile-card__action"
                href="#"
                onClick={(event) => {
                  event.preventDefault();
                  model.close();
                  onChat(detail.username);
                }}
                data-testid="profileCard.chat"
              >
                <ChatIcon width={16} height={16} />
                {t('profileCard.chat')}
              </a>
              {detail.email && (
                <a className="atr-profile-card__action" href={`mailto:${encodeURIComponent(detail.email).replace(/%40/g, '@')}`} data-testid="profileCard.mail">
                  <MailIcon width={16} height={16} />
                  {t('profileCard.mail')}
                </a>
              )}
            </div>
            {lines.length > 0 && (
              <dl className="atr-profile-card__lines">
                {lines.map(([key, label, value]) => (
                  <div key={key} className="atr-profile-card__line" data-testid={`profileCard.${key}`}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        ) : (
          <div className="atr-profile-card__skeleton" data-testid="profileCard.skeleton" aria-hidden="true">
            <div className="atr-profile-card__head">
              <span className="atr-profile-card__photo atr-skeleton" />
              <div className="atr-profile-card__who">
                <span className="atr-skeleton atr-skeleton--line" style={{ width: '70%' }} />
                <span className="atr-skeleton atr-skeleton--line" style={{ width: '45%' }} />
              </div>
            </div>
            <span className="atr-skeleton atr-skeleton--block" />
            <span className="atr-skeleton atr-skeleton--line" style={{ width: '85%' }} />
            <span className="atr-skeleton atr-skeleton--line" style={{ width: '60%' }} />
          </div>
        )}
      </div>
    </div>
  );
}
