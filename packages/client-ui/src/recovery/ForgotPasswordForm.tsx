import { useId, useRef, useState, type FormEvent, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { BrandHeader } from '../login/BrandHeader.js';
import { FormMessage } from '../login/FormMessage.js';
import { TextField } from '../login/TextField.js';
import { useFocusOnArrival } from '../login/useFocusOnArrival.js';
import { RecoveryActions } from './RecoveryActions.js';
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
  const ids = { message: useId() };
  const card = useRef<HTMLDivElement>(null);
  useFocusOnArrival(card);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void model.submit(username);
  };
  return (
    <div ref={card} className="atr-card" data-testid="forgot.card">
      <BrandHeader heading={t('forgot.title')} text={t('forgot.text')} />
      <form className="atr-form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <TextField
          label={t('forgot.username')}
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onValueChange={setUsername}
          invalid={message?.kind === 'error'}
          describedBy={message ? ids.message : undefined}
          testId="forgot.username"
        />
        {message && <FormMessage kind={message.kind} id={ids.message} text={t(message.key)} testId="forgot.message" />}
        <RecoveryActions
          submitLabel={t('forgot.submit')}
          busy={busy}
          backLabel={t('forgot.back')}
          onBack={onBack}
          testIdPrefix="forgot"
          backTestId="back"
        />
      </form>
    </div>
  );
}
