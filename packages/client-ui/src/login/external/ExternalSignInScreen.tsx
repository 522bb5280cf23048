import type { ExternalLogin, ExternalLoginError, ExternalLoginHandle } from '@atrium/client-core';
import { useEffect, useId, useRef, useState, type JSX, type RefObject } from 'react';
import { useAtrium } from '../../AtriumContext.js';
import { useObservable } from '../../hooks/useObservable.js';
import { useTranslation } from '../../i18n/useTranslation.js';
import { BrandHeader } from '../BrandHeader.js';
import { FormMessage } from '../FormMessage.js';
import { HashLink } from '../HashLink.js';
import './ExternalSignInScreen.css';

/** The text key of each error kind (external.error.*). */
const ERROR_KEYS: Record<ExternalLoginError['kind'], string> = {
  provider: 'external.error.provider',
  exchange: 'external.error.exchange',
  state: 'external.error.state',
  refused: 'external.error.refused',
  'no-access': 'external.error.noAccess',
  'link-required': 'external.error.linkRequired',
  unreachable: 'external.error.unreachable',
  options: 'external.error.options',
  failed: 'external.error.failed',
};

export interface ExternalSignInScreenProps {
  external: ExternalLoginHandle;
}

/**
 * The identity provider's login card: fetches the flow model (the library
 * with it) and starts it; when that code cannot be fetched, says the server
 * cannot be reached, with 'Try again'.
 */
export function ExternalSignInScreen({ external }: ExternalSignInScreenProps): JSX.Element {
  const { t } = useTranslation();
  const [model, setModel] = useState<ExternalLogin | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    external.load().then(
      (loaded) => {
        if (!live) return;
        setModel(loaded);
        void loaded.start();
      },
      (error: unknown) => {
        console.warn('The sign-in through the identity provider could not be loaded.', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [external, attempt]);
  if (model) return <ExternalSignInCard model={model} />;
  return (
    <div className="atr-card atr-card--status" data-testid="external.card" data-state={failed ? 'unavailable' : 'loading'} aria-busy={!failed}>
      {failed ? (
        <>
          <FormMessage kind="error" text={t('common.unreachable')} testId="external.error" />
          <button
            type="button"
            className="atr-button atr-button--primary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
            data-testid="external.retry"
          >
            {t('common.retry')}
          </button>
          <BuiltInLink />
        </>
      ) : (
        <span className="atr-spinner" role="status" aria-label={t('common.loading')} />
      )}
    </div>
  );
}

/**
 * The card of sign-in through an identity provider
 * (docs/behaviour/external-sign-in.md#in-the-browser): what the flow is doing
 * ('Connecting to {{name}}…', 'Redirecting to {{name}}…', 'Checking your
 * sign-in…'), the button 'Sign in with {{name}}', or an error with 'Try
 * again' and the technical details behind a disclosure; always the link
 * 'Sign in with a username and password' (#login). Its state is on the card
 * (`data-state`) for tests.
 */
function ExternalSignInCard({ model }: { model: ExternalLogin }): JSX.Element {
  const { t } = useTranslation();
  const { site } = useAtrium();
  const state = useObservable(model);
  const name = model.options.name;
  const card = useRef<HTMLDivElement>(null);
  const ids = { error: useId() };
  useFocusOnAction(card, state.status);
  const busyText =
    state.status === 'idle' || state.status === 'starting'
      ? t('external.connecting', { name })
      : state.status === 'redirecting'
        ? t('external.redirecting', { name })
        : state.status === 'checking' || state.status === 'signed-in'
          ? t('external.checking')
          : null;

  return (
    <div ref={card} className="atr-card atr-external" data-testid="external.card" data-state={state.status} aria-busy={busyText !== null}>
      <BrandHeader heading={t('login.title', { title: site.title })} showVersion headingTestId="login.title" />
      <div className="atr-external__body">
        {busyText !== null && (
          <p className="atr-external__status" role="status" data-testid="external.status">
            <span className="atr-spinner" aria-hidden="true" />
            <span>{busyText}</span>
          </p>
        )}
        {state.status === 'ready' && (
          <button type="button" className="atr-button atr-button--primary atr-button--block" onClick={() => void model.signIn()} data-testid="external.signIn">
            {t('external.signIn', { name })}
          </button>
        )}
        {state.status === 'error' && (
          <>
            <FormMessage kind="error" id={ids.error} text={t(ERROR_KEYS[state.error.kind], { name })} testId="external.error" />
            {state.error.detail && (
              <details className="atr-external__details" data-testid="external.details">
                <summary>{t('external.details')}</summary>
                <code>{state.error.detail}</code>
              </details>
            )}
            <button type="button" className="atr-button atr-button--primary atr-button--block" onClick={() => void model.retry()} aria-describedby={ids.error} data-testid="external.retry">
              {t('common.retry')}
            </button>
          </>
        )}
        <BuiltInLink />
      </div>
    </div>
  );
}

/** 'Sign in with a username and password': the built-in form (#login). */
function BuiltInLink(): JSX.Element {
  const { t } = useTranslation();
  return (
    <HashLink hash="login" className="atr-link atr-external__builtin" testId="external.builtIn">
      {t('external.builtIn')}
    </HashLink>
  );
}

/** On the built-in form (#login): 'Sign in with {{name}}', back to the identity provider's card. */
export function ProviderLink({ name }: { name: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <p className="atr-external__provider">
      <HashLink hash="" testId="login.provider">
        {t('external.signIn', { name })}
      </HashLink>
    </p>
  );
}

/**
 * Gives the card's action the focus when it appears (docs/ACCESSIBILITY.md): the
 * sign-in button once the provider's check is over, 'Try again' after an
 * error; the link to the built-in form while the card is busy. Only when
 * nothing else holds the focus, or the card itself gave it.
 */
function useFocusOnAction(card: RefObject<HTMLElement | null>, status: string): void {
  const given = useRef<Element | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== given.current) return;
    const target = card.current?.querySelector<HTMLElement>('button:not([disabled])') ?? card.current?.querySelector<HTMLElement>('a[href]');
    if (!target || target === active) return;
    target.focus();
    given.current = target;
  }, [card, status]);
}
