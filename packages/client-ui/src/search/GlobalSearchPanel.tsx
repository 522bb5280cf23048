import type { GlobalSearchModel } from '@atrium/client-core';
import { SEARCH_FILTERS, SEARCH_TEXT_MAX_LENGTH } from '@atrium/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type FormEvent, type JSX, type KeyboardEvent } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useReturnFocus } from '../desktop/ModalOverlay.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTabOut } from '../hooks/useTabOut.js';
import { CloseIcon, SearchIcon, useDismiss } from '@atrium/app-kit';
import { useCataloguePart } from '../i18n/useCataloguePart.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { GLOBAL_SEARCH_BUTTON } from './SearchItem.js';
import './GlobalSearchPanel.css';

/** Below this width (a phone) the panel takes the whole width (GlobalSearchPanel.css). */
const PHONE_WIDTH = 640;

/** The magnifier the panel belongs to: the one shown (a desktop may have a search item in each panel). */
function magnifier(): HTMLElement | null {
  const buttons = [...document.querySelectorAll<HTMLElement>(`[${GLOBAL_SEARCH_BUTTON}]`)];
  return buttons.find((el) => el.offsetParent !== null) ?? buttons[0] ?? null;
}

/** Below the magnifier of a top panel, above that of a bottom one; along its right edge when it sits in the right half; the whole width on a phone. */
function placeOf(button: HTMLElement | null): CSSProperties | undefined {
  if (!button) return undefined;
  const box = button.getBoundingClientRect();
  const width = window.innerWidth;
  const height = window.innerHeight;
  const vertical: CSSProperties = box.top < height / 2 ? { top: box.bottom + 6 } : { bottom: height - box.top + 6 };
  const phone = width < PHONE_WIDTH;
  const horizontal: CSSProperties = phone ? { left: 8, right: 8 } : box.left + box.width / 2 > width / 2 ? { right: Math.max(8, width - box.right) } : { left: Math.max(8, box.left) };
  return { ...vertical, ...horizontal };
}

/**
 * The global search panel (docs/behaviour/search.md#search-panel), loaded
 * when the magnifier first opens it, with the search's texts: the title
 * 'What are you searching for?', the search bar, the filters Apps, Users,
 * Attachments, Comments and Records (toggle buttons) and the Recent list (a click
 * fills the bar). Enter searches; a refused text is said in a live region
 * and nothing is sent. Escape closes it and gives focus back to the
 * magnifier, and so does Tab past its last control (Shift+Tab before its
 * first: useTabOut); a click outside it or focus moving out of it closes it too. The rules
 * are the desktop's GlobalSearchModel's.
 */
export default function GlobalSearchPanel(): JSX.Element | null {
  const desktop = useDesktop();
  const ready = useCataloguePart('work');
  const [model, setModel] = useState<GlobalSearchModel | null>(null);
  useEffect(() => {
    let live = true;
    desktop.globalSearch().then(
      (loaded) => live && setModel(loaded),
      (error: unknown) => console.error('The global search could not be loaded.', error),
    );
    return () => {
      live = false;
    };
  }, [desktop]);
  return ready && model ? <SearchPanel model={model} /> : null;
}

function SearchPanel({ model }: { model: GlobalSearchModel }): JSX.Element {
  const { t } = useTranslation();
  const { text, filter, problem, retryIn, recent } = useObservable(model);
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const titleId = useId();
  const messageId = useId();
  const recentId = useId();
  useReturnFocus(panel);

  useLayoutEffect(() => {
    const measure = () => setPlace(placeOf(magnifier()));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, []);

  // The magnifier toggles the panel itself.
  useDismiss(panel, () => model.close(), { escape: false, insideSelector: `[${GLOBAL_SEARCH_BUTTON}]` });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!model.submit()) input.current?.focus();
  };

  const closeToMagnifier = () => {
    const button = magnifier();
    model.close();
    button?.focus({ preventScroll: true });
  };
  useTabOut(panel, closeToMagnifier);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    closeToMagnifier();
  };

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Element | null;
    // Tab out of the panel (not a click on nothing, nor back to the magnifier, which toggles it).
    if (next && !panel.current?.contains(next) && !next.closest(`[${GLOBAL_SEARCH_BUTTON}]`)) model.close();
  };

  const pick = (entry: string) => {
    model.pickRecent(entry);
    input.current?.focus();
  };

  return (
    <section
      ref={panel}
      className="atr-global-search"
      style={place}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="globalSearch"
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <div className="atr-global-search__head">
        <h2 id={titleId} className="atr-global-search__title">
          {t('globalSearch.title')}
        </h2>
        <button type="button" className="atr-global-search__close" aria-label={t('globalSearch.close')} title={t('globalSearch.close')} data-testid="globalSearch.close" onClick={() => model.close()}>
          <CloseIcon width={18} height={18} />
        </button>
      </div>
      <form role="search" className="atr-global-search__bar" onSubmit={handleSubmit} noValidate>
        <SearchIcon width={18} height={18} className="atr-global-search__glass" />
        <input
          ref={input}
          className="atr-global-search__input"
          type="search"
          aria-label={t('globalSearch.input')}
          aria-describedby={messageId}
          aria-invalid={problem !== null}
          placeholder={t('globalSearch.placeholder')}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => model.setText(event.target.value)}
          data-testid="globalSearch.input"
        />
        <button type="submit" className="atr-global-search__submit" data-testid="globalSearch.submit">
          {t('globalSearch.submit')}
        </button>
      </form>
      <p id={messageId} className="atr-global-search__message" aria-live="assertive" aria-atomic="true" data-testid="globalSearch.message">
        {problem ? t(`globalSearch.problem.${problem}`) : retryIn !== null && t('request.rateLimited', { seconds: retryIn })}
      </p>
      <div className="atr-global-search__filters" role="group" aria-label={t('globalSearch.filters')}>
        {SEARCH_FILTERS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="atr-global-search__chip"
            aria-pressed={filter === kind}
            data-testid={`globalSearch.filter.${kind}`}
            onClick={() => model.toggleFilter(kind)}
          >
            {t(`globalSearch.filter.${kind}`)}
          </button>
        ))}
      </div>
      <h3 id={recentId} className="atr-global-search__subtitle">
        {t('globalSearch.recent')}
      </h3>
      {recent.length === 0 ? (
        <p className="atr-global-search__none">{t('globalSearch.noRecent')}</p>
      ) : (
        <ul className="atr-global-search__recent" aria-labelledby={recentId} data-testid="globalSearch.recent">
          {recent.map((entry) => (
            <li key={entry}>
              <button type="button" className="atr-global-search__entry" data-testid="globalSearch.recentEntry" onClick={() => pick(entry)}>
                <SearchIcon width={14} height={14} className="atr-global-search__entry-icon" />
                <span>{entry}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
