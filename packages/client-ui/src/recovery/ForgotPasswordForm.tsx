import { useId, useState, type FormEvent, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandHeader } from '../login/BrandHeader.js';
import { FormMessage } from '../login/FormMessage.js';
import { useObservable } from '../hooks/useObservable.js';
import type { ForgotPasswordPort } from '../ports.js';

export interface ForgotPasswordFormProps {
  model: ForgotPasswordPort;
  /** Back to the login form. */
  onBack(): void;
}

/** The forgot-password screen (#forgotpassword): Username, 'Email me a recovery link', 'Go Back'. */
export function ForgotPasswordForm({ model, onBack }: ForgotPasswordFormProps): JSX.Element {
  const { t } = useTranslation();
  const { busy, message } = useObservable(model);
  const [username, setUsername] = useState('');
  const ids = { username: useId(), message: useId() };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void model.submit(username);
  };
  return (
    <div className="atr-card" data-testid="forgot.card">
      <BrandHeader heading={t('forgot.title')} text={t('forgot.text')} />
      <form className="atr-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <div className="atr-field">
          <label className="atr-field__label" htmlFor={ids.username}>
            {t('forgot.username')}
          </label>
          <input
            id={ids.username}
            className="atr-input"
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={message?.kind === 'error' ? true : undefined}
            aria-describedby={message ? ids.message : undefined}
            data-testid="forgot.username"
          />
        </div>
        {message && <FormMessage kind={message.kind} id={ids.message} text={t(message.key)} testId="forgot.message" />}
        <div className="atr-form__actions">
          <button type="submit" className="atr-button atr-button--primary atr-button--block" disabled={busy} data-testid="forgot.submit">
            {busy && <span className="atr-spinner" aria-hidden="true" />}
            {t('forgot.submit')}
          </button>
          <button type="button" className="atr-button atr-button--secondary atr-button--block" onClick={onBack} data-testid="forgot.back">
            {t('forgot.back')}
          </button>
        </div>
      </form>
    </div>
  );
}
