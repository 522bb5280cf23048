import { useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { BrandHeader } from '../login/BrandHeader.js';
import { FormMessage } from '../login/FormMessage.js';
import { TextField } from '../login/TextField.js';
import { useFocusOnArrival } from '../login/useFocusOnArrival.js';
import { RecoveryActions } from './RecoveryActions.js';
import { useObservable } from '../hooks/useObservable.js';
import type { ResetPasswordPort } from '../ports.js';
import { PasswordRulesTip } from './PasswordRulesTip.js';
import './recovery.css';

export interface ResetPasswordFormProps {
  model: ResetPasswordPort;
  /** The appicon address parameter (only http(s) or a path of this server: client-core's safeAddress), shown instead of the site logo unless it cannot be loaded. */
  appIcon: string | null;
  /** Leave for the login page. */
  onCancel(): void;
}

/**
 * The reset-password screen (?resetpassword=CODE): two password fields with
 * the rules tooltip, Submit and Cancel. The appicon logo falls back to the
 * site's logo when it fails to load (docs/behaviour/password-recovery.md).
 */
export function ResetPasswordForm({ model, appIcon, onCancel }: ResetPasswordFormProps): JSX.Element {
  const { t } = useTranslation();
  const { busy, message } = useObservable(model);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // The appicon address that failed to load, if any: the site's logo is shown instead, never a broken image.
  const [brokenIcon, setBrokenIcon] = useState<string | null>(null);
  const logo = appIcon && appIcon !== brokenIcon ? appIcon : null;
  const ids = { message: useId() };
  const card = useRef<HTMLDivElement>(null);
  useFocusOnArrival(card);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void model.submit(password, confirmation);
  };
  const invalid = message?.kind === 'error';
  const describedBy = message ? ids.message : undefined;
  return (
    <div ref={card} className="atr-card" data-testid="reset.card">
      <BrandHeader heading={t('reset.title')} text={t('reset.text')} {...(logo ? { logo, onLogoError: () => setBrokenIcon(logo) } : {})} />
      <form className="atr-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <TextField
          label={t('reset.password')}
          labelExtra={<PasswordRulesTip />}
          name="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          invalid={invalid}
          describedBy={describedBy}
          testId="reset.password"
        />
        <TextField
          label={t('reset.confirmation')}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onValueChange={setConfirmation}
          invalid={invalid}
          describedBy={describedBy}
          testId="reset.confirmation"
        />
        {message && <FormMessage kind={message.kind} id={ids.message} text={t(message.key)} testId="reset.message" />}
        <RecoveryActions
          submitLabel={t('reset.submit')}
          busy={busy}
          backLabel={t('reset.cancel')}
          onBack={onCancel}
          testIdPrefix="reset"
          backTestId="cancel"
        />
      </form>
    </div>
  );
}
