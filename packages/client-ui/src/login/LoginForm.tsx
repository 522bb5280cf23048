import { useId, useRef, useState, type FormEvent, type JSX, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { HashLink } from './HashLink.js';
import { useAtrium } from '../AtriumContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { EyeIcon, EyeOffIcon } from '@atrium/app-kit';
import type { LoginError } from '../ports.js';
import { BrandHeader } from './BrandHeader.js';
import { FormMessage } from './FormMessage.js';
import { TextField } from './TextField.js';
import { useFocusOnArrival } from './useFocusOnArrival.js';

/**
 * The text of a sign-in error: the server's own message when it gave one
 * (docs/behaviour/sign-in.md#login-form), else the translation of the error. (The session already leaves the
 * message out when it is only the English text of the error.)
 */
function loginErrorText(error: LoginError, t: (key: string) => string): string {
  return error.message ?? t(error.key);
}

/** The button that shows or hides the password. */
function PasswordToggle({ shown, controls, onToggle }: { shown: boolean; controls: string; onToggle(): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="atr-input-button"
      onClick={onToggle}
      aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
      aria-pressed={shown}
      aria-controls={controls}
      data-testid="login.togglePassword"
    >
      {shown ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}

/**
 * The sign-in card: welcome title, Username, Password, Login, 'Forgot your
 * password' and the error area; `footer` under the form (the way back to an
 * identity provider's card when one is configured).
 */
export function LoginForm({ footer }: { footer?: ReactNode }): JSX.Element {
  const { t } = useTranslation();
  const { session, site } = useAtrium();
  const state = useObservable(session);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const ids = { error: useId() };
  const card = useRef<HTMLDivElement>(null);
  useFocusOnArrival(card);
  const signedOut = state.status === 'signed-out' ? state : null;
  const loading = signedOut?.loading ?? state.status !== 'signed-out';
  const error = signedOut?.error ?? null;

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (error) session.clearError();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loading) void session.login(username, password);
  };
  const describedBy = error ? ids.error : undefined;

  return (
    <div ref={card} className="atr-card" data-testid="login.card">
      <BrandHeader heading={t('login.title', { title: site.title })} showVersion headingTestId="login.title" />
      <form className="atr-form" onSubmit={handleSubmit} noValidate aria-busy={loading}>
        <TextField
          label={t('login.username')}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onValueChange={edit(setUsername)}
          invalid={Boolean(error)}
          describedBy={describedBy}
          testId="login.username"
        />
        <TextField
          label={t('login.password')}
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onValueChange={edit(setPassword)}
          invalid={Boolean(error)}
          describedBy={describedBy}
          testId="login.password"
          trailing={(inputId) => <PasswordToggle shown={showPassword} controls={inputId} onToggle={() => setShowPassword((shown) => !shown)} />}
        />
        <div className="atr-form__forgot">
          <HashLink hash="forgotpassword" testId="login.forgot">
            {t('login.forgot')}
          </HashLink>
        </div>
        {error && <FormMessage kind="error" id={ids.error} text={loginErrorText(error, t)} testId="login.error" />}
        <button type="submit" className="atr-button atr-button--primary atr-button--block" disabled={loading} data-testid="login.submit">
          {loading && <span className="atr-spinner" aria-hidden="true" />}
          {t('login.submit')}
        </button>
        {loading && <span className="atr-visually-hidden" role="status">{t('login.signingIn')}</span>}
      </form>
      {footer}
    </div>
  );
}
