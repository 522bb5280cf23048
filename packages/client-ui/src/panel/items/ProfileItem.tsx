import { lazy, Suspense, useId, useRef, type JSX, type KeyboardEvent } from 'react';
import { useAtrium } from '../../AtriumContext.js';
import { useDesktop } from '../../desktop/DesktopContext.js';
import { useObservable } from '../../hooks/useObservable.js';
import { useTranslation } from '../../i18n/useTranslation.js';
import { ProfileAvatar } from '../ProfileAvatar.js';
import { overlayViews } from '../../desktop/overlayViews.js';
import type { ProfileMenuProps } from '../ProfileMenu.js';
import type { PanelItemProps } from './index.js';
import '../ProfileMenu.css';

// The switch-account panel, with its first opening: few users switch organisations, so the signed-in shell does not carry it.
const AccountPanel = lazy(async () => ({ default: (await import('../AccountPanel.js')).AccountPanel }));

/**
 * The profile menu's button (docs/behaviour/desktop.md#profile-menu): the
 * avatar (photo, else initials), the user's name and designation (the
 * avatar only on a narrow screen), named 'Profile menu of {name}' by its
 * content (not an aria-label: the name then holds what is shown). A click,
 * Enter, Space or ArrowDown opens the menu (the 'profile' overlay of
 * DesktopUi); from it the account panel replaces it in the same place. It is
 * the desktop's home control: focus comes back to it when nothing else can
 * have it.
 */
export function ProfileItem({ position }: PanelItemProps): JSX.Element | null {
  const { t } = useTranslation();
  const { ui } = useDesktop();
  const { session } = useAtrium();
  const state = useObservable(session);
  const { popup } = useObservable(ui);
  const button = useRef<HTMLButtonElement>(null);
  const buttonId = useId();
  const designationId = useId();
  if (state.status !== 'signed-in') return null;
  const profile = state.profile;
  const name = profile?.name || state.username;
  const open = popup === 'profile' || popup === 'accounts';
  const placement = position === 'bottom' ? 'above' : 'below';

  const toggle = () => {
    if (open) ui.closePopup();
    else ui.openPopup('profile');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' || open) return;
    event.preventDefault();
    ui.openPopup('profile');
  };

  return (
    <div className="atr-profile">
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="atr-panel__button atr-profile__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-describedby={profile?.designation ? designationId : undefined}
        data-testid="panel.profile"
        data-desktop-home
        onClick={toggle}
        onKeyDown={handleKeyDown}
      >
        {/* Named by this text, which holds the name shown beside the avatar (label in name); the designation describes it. */}
        <span className="atr-visually-hidden">{t('panel.profile.open', { name })}</span>
        <ProfileAvatar profile={profile} username={state.username} size={position === 'bottom' ? 22 : 28} />
        <span className="atr-profile__who" aria-hidden="true">
          <span className="atr-profile__name" data-testid="panel.profile.name">
            {name}
          </span>
          {profile?.designation && (
            <span id={designationId} className="atr-profile__designation" data-testid="panel.profile.designation">
              {profile.designation}
            </span>
          )}
        </span>
      </button>
      {popup === 'profile' && <ProfileMenu anchor={button} labelledBy={buttonId} placement={placement} />}
      {popup === 'accounts' && (
        <Suspense fallback={null}>
          <AccountPanel anchor={button} placement={placement} />
        </Suspense>
      )}
    </div>
  );
}

/** The profile menu, once the desktop's menus have arrived (at once when they were preloaded). */
function ProfileMenu(props: ProfileMenuProps): JSX.Element | null {
  const views = overlayViews.use();
  return views && <views.ProfileMenu {...props} />;
}
