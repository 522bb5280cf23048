import { profileAppTitle, type Profile } from '@atrium/shared';
import { useCallback, type JSX, type ReactNode, type RefObject } from 'react';
import { useAtrium } from '../AtriumContext.js';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { LogoutIcon, ReloadIcon, SlidersIcon, UserIcon } from '@atrium/app-kit';
import { ProfileAvatar } from './ProfileAvatar.js';
import { usePopupMenu } from './usePopupMenu.js';

export interface ProfileMenuProps {
  /** The profile button: focus goes back to it on Escape. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** The id of the profile button, which names the menu. */
  labelledBy: string;
  /** Below the button (a top panel) or above it (a bottom panel). */
  placement: 'below' | 'above';
}

/**
 * The profile menu (docs/behaviour/desktop.md#profile-menu): a header with
 * the avatar, the user's name and designation and the active organisation,
 * then Show my profile card, Edit Preferences and Switch Account (commands
 * of the registry: Switch Account shows only with more than one
 * organisation and opens the account panel), and Sign Out, which signs out
 * at once. A real menu (usePopupMenu): the first item takes focus, arrow
 * keys move, Escape goes back to the button, Tab or a press outside close it.
 */
export function ProfileMenu({ anchor, labelledBy, placement }: ProfileMenuProps): JSX.Element | null {
  const { t } = useTranslation();
  const { ui, commands, profileCard, signOut: signOutNow } = useDesktop();
  const { session } = useAtrium();
  const state = useObservable(session);
  useObservable(commands);
  const close = useCallback(
    (refocus: boolean) => {
      ui.closePopup();
      if (refocus) anchor.current?.focus();
    },
    [ui, anchor],
  );
  const dismiss = useCallback(() => close(false), [close]);
  const { ref, onKeyDown } = usePopupMenu({ anchor, onEscape: () => close(true), onDismiss: dismiss });
  if (state.status !== 'signed-in') return null;
  const profile = state.profile;
  const name = profile?.name || state.username;

  const runCommand = (id: string) => {
    if (!commands.isEnabled(id)) return;
    // Switch Account replaces this menu with the account panel; the others leave it.
    if (id !== 'account.switch') close(false);
    commands.run(id);
  };

  const showCard = () => {
    const box = anchor.current?.getBoundingClientRect();
    // The card gives focus back to what had it when it opened: the profile button.
    close(true);
    if (profile) profileCard.open(profile.id, box ? { x: box.left, y: placement === 'below' ? box.bottom + 4 : box.top - 4 } : { x: 0, y: 0 }).catch((error: unknown) => console.warn('The profile card could not be opened.', error));
  };

  // At once, no question; what waits to be saved (the session, settings) is sent first.
  const signOut = () => {
    close(false);
    void signOutNow();
  };

  return (
    <div ref={ref} className={`atr-profile-menu atr-profile-menu--${placement}`} data-testid="profileMenu" onKeyDown={onKeyDown}>
      <div className="atr-profile-menu__header" data-testid="profileMenu.header">
        <ProfileAvatar profile={profile} username={state.username} size={44} />
        <div className="atr-profile-menu__who">
          <span className="atr-profile-menu__name" data-testid="profileMenu.name">
            {name}
          </span>
          {profile?.designation && (
            <span className="atr-profile-menu__designation" data-testid="profileMenu.designation">
              {profile.designation}
            </span>
          )}
          {profile?.active_account.name && (
            <span className="atr-profile-menu__account" data-testid="profileMenu.account">
              {profile.active_account.name}
            </span>
          )}
          {profile && <RoleList profile={profile} />}
        </div>
      </div>
      <div role="menu" aria-labelledby={labelledBy} className="atr-profile-menu__items">
        <MenuItem icon={<UserIcon width={18} height={18} />} testId="profileMenu.profileCard" onClick={showCard}>
          {t('panel.profile.showCard')}
        </MenuItem>
        <MenuItem icon={<SlidersIcon width={18} height={18} />} testId="profileMenu.preferences" onClick={() => runCommand('desktop.preferences')}>
          {t(commands.labelKeyOf('desktop.preferences'))}
        </MenuItem>
        {commands.isVisible('account.switch') && (
          <MenuItem icon={<ReloadIcon width={18} height={18} />} testId="profileMenu.switchAccount" popup onClick={() => runCommand('account.switch')}>
            {t(commands.labelKeyOf('account.switch'))}
          </MenuItem>
        )}
        <div role="separator" className="atr-profile-menu__separator" />
        <MenuItem icon={<LogoutIcon width={18} height={18} />} testId="profileMenu.signOut" onClick={signOut}>
          {t('panel.profile.signOut')}
        </MenuItem>
      </div>
    </div>
  );
}

/**
 * The user's roles in the active organisation (docs/behaviour/roles.md):
 * organisation-wide ones, then those in an application, named by the
 * application's title where the profile lists it. Nothing without roles.
 */
function RoleList({ profile }: { profile: Profile }): JSX.Element | null {
  const { t, i18n } = useTranslation();
  // An older server's profile has no roles.
  const roles = profile.roles ?? { organisation: [], apps: {} };
  const titles = new Map(profile.apps.map((app) => [app.name, profileAppTitle(app, i18n.language) ?? app.name]));
  const texts = [
    ...roles.organisation,
    ...Object.entries(roles.apps).flatMap(([app, names]) => names.map((role) => t('panel.profile.appRole', { role, app: titles.get(app) ?? app }))),
  ];
  if (texts.length === 0) return null;
  return (
    <ul className="atr-profile-menu__roles" aria-label={t('panel.profile.roles')} data-testid="profileMenu.roles">
      {texts.map((text) => (
        <li key={text} className="atr-profile-menu__role">
          {text}
        </li>
      ))}
    </ul>
  );
}

function MenuItem({ icon, testId, popup, onClick, children }: { icon: ReactNode; testId: string; popup?: boolean; onClick(): void; children: ReactNode }): JSX.Element {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="atr-profile-menu__item" aria-haspopup={popup ? 'menu' : undefined} data-testid={testId} onClick={onClick}>
      <span className="atr-profile-menu__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="atr-profile-menu__label">{children}</span>
    </button>
  );
}
