import { FailureState, listIndexByKey, useModel, useTranslation, type TFunction } from '@atrium/app-kit';
import { fileErrorText, tooManyRequestsText } from '@atrium/sdk';
import { catalogueTitle, highlightParts, humanFileSize, isRecordAttachment, isRecordComment, SEARCH_FILTERS, type RecordRef, type RecordResult, type SearchFilter, type SearchResult } from '@atrium/shared';
import { useId, useState, type FormEvent, type JSX, type KeyboardEvent, type MouseEvent } from 'react';
import { keyOf, type ResultGroup, type SearchResultsModel } from './SearchResultsModel.js';

/** How many results of each kind the All tab shows before 'Show all'. */
export const ALL_TAB_PREVIEW = 5;

const TABS: ReadonlyArray<SearchFilter | ''> = ['', ...SEARCH_FILTERS];

/** A snippet with its matched words in <mark>: text only, never HTML. */
function Highlighted({ snippet }: { snippet: string }): JSX.Element {
  return (
    <>
      {highlightParts(snippet).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}

/** A snippet's text without its marks. */
const plain = (snippet: string) => highlightParts(snippet).map((p) => p.text).join('');

/** What a result is called: marked where the words matched it (its snippet is the name itself), else as it is. */
function Primary({ text, snippet }: { text: string; snippet: string }): JSX.Element {
  return <span className="gsr-result__primary">{snippet && plain(snippet) === text ? <Highlighted snippet={snippet} /> : text}</span>;
}

/** The words matched elsewhere than in the name (a description, a file's text), when there are some. */
function Snippet({ text, snippet }: { text: string; snippet: string }): JSX.Element | null {
  if (!snippet || plain(snippet) === text) return null;
  return (
    <span className="gsr-result__snippet">
      <Highlighted snippet={snippet} />
    </span>
  );
}

/** The application menu's name of a category ('operational intelligence' → its heading in the user's language). */
function categoryLabel(category: string, t: TFunction): string {
  const camel = category.trim().toLowerCase().replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());
  return t(`panel.appMenu.category.${camel}`, { defaultValue: category });
}

/** A declared application's or entity's label in the user's language, else in English. */
function labelIn(labels: RecordRef['appLabel'], locale: string): string {
  return (labels as Readonly<Record<string, string | undefined>>)[locale] ?? labels.en_EN;
}

/** A record's colour as a dot, named for those who do not see it. */
function ColourDot({ colour, t }: { colour: RecordResult['colour']; t: TFunction }): JSX.Element {
  const name = t(`globalSearchApp.result.colour.${colour}`);
  return <span className={`gsr-colour gsr-colour--${colour.toLowerCase()}`} role="img" aria-label={name} title={name} data-testid="globalSearchApp.colour" data-colour={colour} />;
}

/** The lines of a result: what it is, where or whose, and the words matched. */
function ResultLines({ result, t, locale }: { result: SearchResult; t: TFunction; locale: string }): JSX.Element {
  switch (result.kind) {
    case 'apps': {
      // The catalogue's title in the user's language (docs/behaviour/applications.md#catalogue-translations).
      const title = catalogueTitle(result.title, result.titles, locale);
      return (
        <>
          <Primary text={title} snippet={result.snippet} />
          <span className="gsr-result__secondary">{categoryLabel(result.category, t)}</span>
          {/* The default language's title the words matched is not repeated beside its translation. */}
          <Snippet text={title} snippet={plain(result.snippet) === result.title ? '' : result.snippet} />
        </>
      );
    }
    case 'users':
      return (
        <>
          <Primary text={result.name} snippet={result.snippet} />
          <span className="gsr-result__secondary">{[result.designation, result.username].filter(Boolean).join(' · ')}</span>
          <Snippet text={result.name} snippet={result.snippet} />
        </>
      );
    case 'attachments':
      return (
        <>
          <Primary text={result.filename} snippet={result.snippet} />
          <span className="gsr-result__secondary">
            {/* A file attached to a record names its record rather than where it is kept. */}
            {isRecordAttachment(result) ? t('globalSearchApp.result.onRecord', { entity: labelIn(result.record.entityLabel, locale), title: result.record.title, app: labelIn(result.record.appLabel, locale) }) : result.path} ·{' '}
            {humanFileSize(result.size)} · {t(result.matchedIn === 'content' ? 'globalSearchApp.result.matchedContent' : 'globalSearchApp.result.matchedName')}
          </span>
          <Snippet text={result.filename} snippet={result.snippet} />
        </>
      );
    case 'records':
      return (
        <>
          <span className="gsr-result__primary">
            <ColourDot colour={result.colour} t={t} />
            {plain(result.snippet) === result.title ? <Highlighted snippet={result.snippet} /> : result.title}
          </span>
          <span className="gsr-result__secondary">{t('globalSearchApp.result.record', { entity: labelIn(result.entityLabel, locale), name: result.name, app: labelIn(result.appLabel, locale) })}</span>
          <Snippet text={result.title} snippet={result.snippet} />
        </>
      );
    case 'comments':
      return (
        <>
          <span className="gsr-result__primary">
            {isRecordComment(result)
              ? t('globalSearchApp.result.onRecord', { entity: labelIn(result.record.entityLabel, locale), title: result.record.title, app: labelIn(result.record.appLabel, locale) })
              : t('globalSearchApp.result.task', { task: result.task_name, app: result.appName })}
          </span>
          <span className="gsr-result__secondary">
            {result.author.name} · {formatDate(result.created_at, locale)}
          </span>
          <span className="gsr-result__snippet">
            <Highlighted snippet={result.snippet} />
          </span>
        </>
      );
  }
}

/** A count in the user's language; one the server stopped counting at gets a '+' ('1,000+'). */
export function formatCount(count: number, capped: boolean, locale: string): string {
  let text: string;
  try {
    text = new Intl.NumberFormat(locale.replace('_', '-')).format(count);
  } catch {
    text = String(count);
  }
  return capped ? `${text}+` : text;
}

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The initial of a result's kind, as a small badge before it. */
function KindIcon({ kind }: { kind: SearchFilter }): JSX.Element {
  const paths: Record<SearchFilter, JSX.Element> = {
    apps: <path d="M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z" />,
    users: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
      </>
    ),
    attachments: <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Zm0 0v5h5" />,
    comments: <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.2A8 8 0 1 1 20 12Z" />,
    records: <path d="M4 5h16v14H4zM4 10h16M4 14.5h16M9 10v9" />,
  };
  return (
    <svg className={`gsr-result__icon gsr-result__icon--${kind}`} viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths[kind]}
    </svg>
  );
}

/**
 * The GlobalSearch application's window (docs/behaviour/search.md#globalsearch-application):
 * the search field, tabs for all results and each kind with their counts,
 * and the results grouped by kind, matched words highlighted. A result is a
 * button: a click or Enter opens what it names; the arrow keys move through
 * the results (Home and End to the first and last), the left and right
 * arrows through the tabs. Loading, empty, refused and failed searches say
 * so, a failure with what to do and its technical details behind a
 * disclosure.
 */
export function GlobalSearchView({ model }: { model: SearchResultsModel }): JSX.Element {
  const { t, language } = useTranslation();
  const state = useModel(model);
  const { text, searched, tab, status, problem, error, groups, openError } = state;
  const baseId = useId();
  const problemId = `${baseId}-problem`;
  const tabId = (kind: SearchFilter | '') => `${baseId}-tab-${kind || 'all'}`;
  const panelId = `${baseId}-panel`;
  const [active, setActive] = useState<string | null>(null);
  const total = SEARCH_FILTERS.reduce((sum, kind) => sum + groups[kind].count, 0);
  const totalCapped = SEARCH_FILTERS.some((kind) => groups[kind].capped);
  const locale = language;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void model.submit();
  };

  const handleTabKey = (event: KeyboardEvent<HTMLElement>) => {
    const next = listIndexByKey(event.key, TABS.indexOf(tab), TABS.length, { orientation: 'horizontal' });
    if (next === null) return;
    event.preventDefault();
    model.selectTab(TABS[next]!);
    document.getElementById(tabId(TABS[next]!))?.focus();
  };

  const handleResultsKey = (event: KeyboardEvent<HTMLElement>) => {
    // The results stop at either end (no wrapping); from outside the list, Up goes to the first as Down does.
    const results = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-result]')];
    const at = results.indexOf(document.activeElement as HTMLElement);
    const next = listIndexByKey(event.key, at < 0 && event.key === 'ArrowUp' ? 0 : at, results.length, { wrap: false });
    if (next === null) return;
    event.preventDefault();
    results[next]?.focus();
    setActive(results[next]?.dataset.key ?? null);
  };

  const open = (result: SearchResult, event: MouseEvent<HTMLButtonElement>) => {
    setActive(keyOf(result));
    const box = event.currentTarget.getBoundingClientRect();
    void model.open(result, { x: Math.round(box.left + 24), y: Math.round(box.bottom) });
  };

  // One result at a time is in the Tab order (the one last moved to, else the first shown).
  const shown: readonly SearchResult[] = tab === '' ? SEARCH_FILTERS.flatMap((kind): SearchResult[] => groups[kind].items.slice(0, ALL_TAB_PREVIEW)) : groups[tab].items;
  const tabbable = shown.some((r) => keyOf(r) === active) ? active : shown[0] ? keyOf(shown[0]) : null;

  const renderGroup = (kind: SearchFilter, group: ResultGroup, limit: number | null) => {
    const items = (limit === null ? group.items : group.items.slice(0, limit)) as SearchResult[];
    const headingId = `${baseId}-group-${kind}`;
    return (
      <section key={kind} className="gsr-group" aria-labelledby={headingId} data-testid={`globalSearchApp.group.${kind}`}>
        <h3 id={headingId} className="gsr-group__title">
          {t(`globalSearchApp.tabs.${kind}`)} <span className="gsr-count">{formatCount(group.count, group.capped, locale)}</span>
        </h3>
        <ul className="gsr-group__list">
          {items.map((result) => {
            const key = keyOf(result);
            return (
              <li key={key}>
                <button type="button" className="gsr-result" data-result="" data-key={key} data-kind={kind} data-testid="globalSearchApp.result" tabIndex={key === tabbable ? 0 : -1} onClick={(event) => open(result, event)} onFocus={() => setActive(key)}>
                  <KindIcon kind={kind} />
                  <span className="gsr-result__lines">
                    <ResultLines result={result} t={t} locale={locale} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {limit !== null && group.count > limit && (
          <button type="button" className="gsr-link" data-testid={`globalSearchApp.showAll.${kind}`} onClick={() => model.selectTab(kind)}>
            {t('globalSearchApp.showAll', { count: formatCount(group.count, group.capped, locale) })}
          </button>
        )}
        {limit === null && (group.items.length < group.count || group.capped) && (
          <button type="button" className="gsr-link" data-testid={`globalSearchApp.more.${kind}`} disabled={group.loadingMore} onClick={() => void model.more(kind)}>
            {group.loadingMore ? t('globalSearchApp.loading') : t('globalSearchApp.more')}
          </button>
        )}
        {group.moreError !== null && (
          <p className="gsr-notice gsr-notice--error" role="alert">
            {t('globalSearchApp.moreFailed')} {tooManyRequestsText(group.moreError, (key, vars) => t(key, vars))}
          </p>
        )}
      </section>
    );
  };

  const renderBody = () => {
    switch (status) {
      case 'idle':
      case 'invalid':
        return <p className="gsr-hint">{t('globalSearchApp.start')}</p>;
      case 'loading':
        return (
          <p className="gsr-hint" role="status" data-testid="globalSearchApp.loading">
            {t('globalSearchApp.loading')}
          </p>
        );
      case 'error':
        return (
          <FailureState
            title={t('globalSearchApp.error.title')}
            // Refused as one search too many: when to try again, rather than a connection to check.
            reason={tooManyRequestsText(error, (key, vars) => t(key, vars)) ?? t('globalSearchApp.error.hint')}
            retry={{ label: t('globalSearchApp.error.retry'), onRetry: () => void model.retry() }}
            details={{ label: t('globalSearchApp.error.details'), text: error instanceof Error ? error.message : String(error) }}
            testIds={{ root: 'globalSearchApp.error', retry: 'globalSearchApp.retry', details: 'globalSearchApp.details', detailsText: 'globalSearchApp.details.text' }}
          />
        );
      case 'ready':
        if (total === 0) {
          return (
            <div className="gsr-empty" data-testid="globalSearchApp.empty">
              <h3 className="gsr-empty__title">{t('globalSearchApp.empty.title', { text: searched })}</h3>
              <p>{t('globalSearchApp.empty.hint')}</p>
            </div>
          );
        }
        if (tab === '') return SEARCH_FILTERS.filter((kind) => groups[kind].count > 0).map((kind) => renderGroup(kind, groups[kind], ALL_TAB_PREVIEW));
        if (groups[tab].count === 0) {
          return (
            <p className="gsr-empty" data-testid="globalSearchApp.empty">
              {t('globalSearchApp.empty.kind', { kind: t(`globalSearchApp.tabs.${tab}`), text: searched })}
            </p>
          );
        }
        return renderGroup(tab, groups[tab], null);
    }
  };

  return (
    <div className="gsr" data-testid="globalSearchApp">
      <form role="search" className="gsr-bar" onSubmit={handleSubmit} noValidate>
        <svg className="gsr-bar__glass" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6" />
          <path d="m20 20-4.3-4.3" />
        </svg>
        <input
          className="gsr-bar__input"
          type="search"
          aria-label={t('globalSearchApp.search.label')}
          aria-describedby={problemId}
          aria-invalid={status === 'invalid'}
          placeholder={t('globalSearchApp.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={text}
          onChange={(event) => model.setText(event.target.value)}
          data-testid="globalSearchApp.input"
        />
        <button type="submit" className="gsr-button gsr-button--primary" data-testid="globalSearchApp.submit">
          {t('globalSearchApp.search.submit')}
        </button>
      </form>
      <p id={problemId} className="gsr-problem" aria-live="assertive" aria-atomic="true" data-testid="globalSearchApp.problem">
        {status === 'invalid' && problem ? t(`globalSearchApp.problem.${problem}`) : ''}
      </p>
      <div className="gsr-tabs" role="tablist" aria-label={t('globalSearchApp.tabs.label')} onKeyDown={handleTabKey}>
        {TABS.map((kind) => {
          const label = t(`globalSearchApp.tabs.${kind || 'all'}`);
          const count = kind === '' ? formatCount(total, totalCapped, locale) : formatCount(groups[kind].count, groups[kind].capped, locale);
          const counted = status === 'ready';
          return (
            <button
              key={kind || 'all'}
              id={tabId(kind)}
              type="button"
              role="tab"
              className="gsr-tab"
              aria-selected={tab === kind}
              aria-controls={panelId}
              tabIndex={tab === kind ? 0 : -1}
              data-testid={`globalSearchApp.tab.${kind || 'all'}`}
              onClick={() => model.selectTab(kind)}
            >
              {label}
              {counted && (
                <>
                  {' '}
                  <span className="gsr-count">{count}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <div id={panelId} className="gsr-panel" role="tabpanel" aria-labelledby={tabId(tab)} aria-busy={status === 'loading'} onKeyDown={handleResultsKey}>
        {status === 'ready' && total > 0 && <h2 className="gsr-summary">{t('globalSearchApp.results', { text: searched })}</h2>}
        {openError !== null && (
          <p className="gsr-notice gsr-notice--error" role="alert" data-testid="globalSearchApp.openError">
            {t('globalSearchApp.openFailed', { reason: fileErrorText(openError, (key, vars) => t(key, vars)) })}
          </p>
        )}
        {renderBody()}
      </div>
    </div>
  );
}
