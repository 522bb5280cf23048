import type { PrivacyPolicyModel } from '@atrium/client-core';
import { useContext, useId, useMemo, useRef, useState, type JSX } from 'react';
import { AtriumContext } from '../AtriumContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { sanitizePolicy } from '../pages/PrivacyPolicyPage.js';
import { ModalOverlay } from './ModalOverlay.js';
import './PrivacyPolicyDialog.css';

/**
 * The privacy policy after sign-in (docs/behaviour/desktop.md#privacy-policy):
 * the organisation's policy, sanitised as the public privacy page does, a
 * box to tick and a button to accept. Pressed unticked it says 'You need to
 * agree with our T&C' (an alert, and the box marked invalid and described
 * by it); ticked, the model sends the acceptance and the dialog goes for
 * good. It cannot be dismissed (no Escape, no press beside it), but Sign Out
 * stays within reach. Loaded on demand with its sanitiser: neither is in the
 * login page's bundle.
 */
export function PrivacyPolicyDialog({ model }: { model: PrivacyPolicyModel }): JSX.Element | null {
  const { t } = useTranslation();
  const state = useObservable(model);
  const session = useContext(AtriumContext)?.session ?? null;
  const [agreed, setAgreed] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const checkbox = useRef<HTMLInputElement>(null);
  const policy = state.status === 'open' ? state.policy : '';
  const html = useMemo(() => sanitizePolicy(policy), [policy]);
  if (state.status !== 'open') return null;
  const mustAgree = state.error === 'privacy.mustAgree';

  const accept = () => {
    void model.accept(agreed);
    // Unticked: the box is what needs the user's attention.
    if (!agreed) checkbox.current?.focus();
  };

  const signOut = () => {
    if (!session || signingOut) return;
    setSigningOut(true);
    session.logout().catch((error: unknown) => {
      console.warn('Signing out failed.', error);
      setSigningOut(false);
    });
  };

  return (
    <ModalOverlay labelledBy={titleId} initialFocus={() => checkbox.current} className="atr-privacy" testId="privacy.dialog">
      <h2 id={titleId} className="atr-modal__title">
        {t('privacy.dialogTitle', { organisation: state.organisation })}
      </h2>
      {/* The policy can be long: it scrolls, and Tab reaches it so the keyboard can scroll it too. */}
      <div className="atr-modal__body atr-privacy__policy" role="region" aria-labelledby={titleId} tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} data-testid="privacy.dialog.policy" />
      <div className="atr-privacy__agreement">
        <label className="atr-privacy__agree">
          <input
            ref={checkbox}
            type="checkbox"
            checked={agreed}
            aria-invalid={mustAgree || undefined}
            aria-describedby={state.error ? errorId : undefined}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked) model.clearError();
            }}
            data-testid="privacy.dialog.agree"
          />
          <span>{t('privacy.agree')}</span>
        </label>
        {state.error && (
          <p id={errorId} className="atr-privacy__error" role="alert" data-testid="privacy.dialog.error">
            {t(state.error)}
          </p>
        )}
      </div>
      <div className="atr-modal__actions">
        {session && (
          <button type="button" className="atr-button atr-button--secondary" onClick={signOut} disabled={signingOut} data-testid="privacy.dialog.signOut">
            {t('panel.profile.signOut')}
          </button>
        )}
        <button type="button" className="atr-button atr-button--primary" onClick={accept} disabled={state.accepting} aria-disabled={state.accepting || undefined} data-testid="privacy.dialog.accept">
          {t('privacy.accept')}
        </button>
      </div>
    </ModalOverlay>
  );
}
