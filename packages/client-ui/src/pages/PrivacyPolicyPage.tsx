import DOMPurify from 'dompurify';
import { useEffect, useState, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useAtrium } from '../AtriumContext.js';
import { LoadingOverlay } from '../LoadingOverlay.js';
import { FormMessage } from '../login/FormMessage.js';
import type { PrivacyPolicy } from '../ports.js';
import { InfoPage } from './InfoPage.js';

type Loaded = { status: 'loading' } | { status: 'ready'; policy: PrivacyPolicy; html: string | null } | { status: 'failed' };

/** Sanitises the organisation's policy HTML: no script, no event handlers, no forms or frames. */
export function sanitizePolicy(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });
}

/** The public privacy-policy page (./privacy-policy) of the host's organisation. */
export function PrivacyPolicyPage(): JSX.Element {
  const { t } = useTranslation();
  const { models, navigation, site } = useAtrium();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    models.privacyPolicy(navigation.current().host).then(
      (policy) => {
        if (live) setLoaded({ status: 'ready', policy, html: policy.privacyPolicy ? sanitizePolicy(policy.privacyPolicy) : null });
      },
      () => {
        if (live) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [models, navigation]);

  const name = loaded.status === 'ready' ? loaded.policy.name : null;
  return (
    <InfoPage eyebrow={t('privacy.title')} heading={name ?? site.title} testId="privacy.page">
      {loaded.status === 'loading' && (
        <div className="atr-info__loading">
          <LoadingOverlay fullScreen={false} />
        </div>
      )}
      {loaded.status === 'failed' && <FormMessage kind="error" text={t('privacy.error')} />}
      {loaded.status === 'ready' &&
        (loaded.html ? (
          <div className="atr-info__policy" dangerouslySetInnerHTML={{ __html: loaded.html }} data-testid="privacy.content" />
        ) : (
          <p className="atr-info__muted" data-testid="privacy.empty">
            {t('privacy.empty')}
          </p>
        ))}
    </InfoPage>
  );
}
