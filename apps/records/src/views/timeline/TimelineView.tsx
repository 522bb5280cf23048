import { FailureState, ReloadIcon, useModel, useTranslation } from '@atrium/app-kit';
import type { Entity, TimelineEntry } from '@atrium/shared/apps';
import { useId, useLayoutEffect, useMemo, useRef, type FormEvent, type JSX, type KeyboardEvent, type RefObject } from 'react';
import type { TimelineModel, TimelineState } from '../../model/TimelineModel.js';
import { changeLines, commentParts } from '../../model/timelineText.js';
import { refusalText, useLanguageTag, useValueContext } from '../viewHelpers.js';
import '../viewsCommon.css';
import './timeline.css';

export interface TimelineViewProps {
  model: TimelineModel;
  entity: Entity;
  /** Names of the people values refer to, by user id (the record's `people`). */
  people: Readonly<Record<string, string>>;
  links?: Readonly<Record<string, string>>;
  /** Whether the user may comment on the record (else no comment box). */
  canComment?: boolean;
}

/**
 * A record's timeline (docs/behaviour/records-views.md#timeline): a box to
 * comment (Ctrl+Enter sends; `@` suggests people, the arrows choose, Enter
 * or Tab takes one, Escape closes the suggestions), then the history and
 * comments newest first, each change in words and each mention marked with
 * the person's name.
 */
export function TimelineView({ model, entity, people, links, canComment = true }: TimelineViewProps): JSX.Element {
  const state = useModel(model);
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="rcv rcv-timeline" aria-labelledby={headingId} data-testid="records.timeline">
      <header className="rcv-timeline__head">
        <h3 id={headingId}>{t('records.timeline.label')}</h3>
        <button
          type="button"
          className="atk-button rcv-icon-button"
          onClick={() => void model.refresh()}
          disabled={state.status === 'loading'}
          aria-label={t('records.timeline.refresh')}
          title={t('records.timeline.refresh')}
          data-testid="records.timeline.refresh"
        >
          <ReloadIcon width={16} height={16} />
        </button>
      </header>
      {canComment && <CommentBox model={model} />}
      {state.status === 'failed' && state.problem ? (
        <FailureState
          title={t('records.timeline.failed')}
          reason={refusalText(state.problem, t)}
          retry={{ label: t('records.timeline.retry'), onRetry: () => void model.refresh() }}
          testIds={{ root: 'records.timeline.failed', retry: 'records.timeline.retry' }}
        />
      ) : state.status === 'loading' && state.entries.length === 0 ? (
        <p className="rcv-timeline__state" role="status" data-testid="records.timeline.loading">
          <span className="atk-spinner atk-spinner--small" aria-hidden="true" /> {t('records.timeline.loading')}
        </p>
      ) : state.entries.length === 0 ? (
        <p className="rcv-timeline__state" data-testid="records.timeline.empty">
          {t('records.timeline.empty')}
        </p>
      ) : (
        <ol className="rcv-timeline__entries" aria-busy={state.status === 'loading' || undefined}>
          {state.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} entity={entity} people={people} links={links} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Entry({ entry, entity, people, links }: { entry: TimelineEntry; entity: Entity; people: Readonly<Record<string, string>>; links?: Readonly<Record<string, string>> }): JSX.Element {
  const { t } = useTranslation();
  const tag = useLanguageTag();
  const ctx = useValueContext(people, links);
  const when = useMemo(() => {
    const ms = Date.parse(entry.at);
    return Number.isNaN(ms) ? '' : new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  }, [entry.at, tag]);
  const who = entry.by?.name ?? t('records.timeline.someone');
  return (
    <li className={`rcv-entry rcv-entry--${entry.kind}`} data-testid="records.timeline.entry" data-kind={entry.kind}>
      <time className="rcv-entry__time" dateTime={entry.at}>
        {when}
      </time>
      {entry.kind === 'change' ? (
        <ul className="rcv-entry__lines">
          {changeLines(entry, entity, ctx).map((line, i) => (
            <li key={i}>{t(line.key, line.params)}</li>
          ))}
        </ul>
      ) : (
        <>
          <p className="rcv-entry__who">{t('records.timeline.commented', { who })}</p>
          <p className="rcv-entry__comment" data-testid="records.timeline.comment">
            {commentParts(entry.text, entry.mentions).map((part, i) =>
              part.kind === 'mention' ? (
                // Written as @ and an id or a username; shown by the person's name.
                <mark key={i} className="rcv-mention" data-testid="records.timeline.mention">
                  @{part.person.name}
                </mark>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </p>
        </>
      )}
    </li>
  );
}

/**
 * The keys of the comment box: Ctrl+Enter sends; while people are
 * suggested, the arrows choose one, Enter or Tab writes it (the caret then
 * after the @username) and Escape closes the list.
 */
function useCommentKeys(model: TimelineModel, state: TimelineState, area: RefObject<HTMLTextAreaElement | null>) {
  const caret = useRef<number | null>(null);
  // After a suggestion is taken, the caret goes after the written @username.
  useLayoutEffect(() => {
    if (caret.current === null || !area.current) return;
    area.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [state.draft, area]);
  const take = (index?: number) => {
    const at = model.acceptSuggestion(index);
    if (at !== null) caret.current = at;
    area.current?.focus();
  };
  const handleKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void model.send();
      return;
    }
    if (state.suggestions === null) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') model.moveSuggestion(event.key === 'ArrowDown' ? 1 : -1);
    else if (event.key === 'Enter' || event.key === 'Tab') take();
    else if (event.key === 'Escape') model.closeSuggestions();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return { take, handleKey };
}

/** The people suggested for the @mention being typed (a listbox the comment box controls); a press takes one. */
function PeopleSuggestions({ id, suggestions, optionId, take }: { id: string; suggestions: TimelineState['suggestions']; optionId(i: number): string; take(i: number): void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <ul id={id} className="rcv-comment__people" role="listbox" aria-label={t('records.timeline.comment.people')} hidden={suggestions === null} data-testid="records.timeline.people">
      {suggestions?.people.map((person, i) => (
        <li
          key={person.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === suggestions.active}
          className="rcv-comment__person"
          // Taken on press, before the box loses focus and closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            take(i);
          }}
        >
          {person.name}
        </li>
      ))}
    </ul>
  );
}

/** The comment box, with the suggestions of people while an @mention is typed. */
function CommentBox({ model }: { model: TimelineModel }): JSX.Element {
  const state = useModel(model);
  const { t } = useTranslation();
  const ids = { hint: useId(), list: useId(), problem: useId() };
  const area = useRef<HTMLTextAreaElement>(null);
  const { take, handleKey } = useCommentKeys(model, state, area);
  const suggestions = state.suggestions;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void model.send();
  };
  const optionId = (i: number) => `${ids.list}-${i}`;
  return (
    <form className="rcv-comment" onSubmit={handleSubmit} data-testid="records.timeline.form">
      <div className="rcv-comment__field">
        <textarea
          ref={area}
          className="rcv-comment__text"
          value={state.draft}
          rows={3}
          placeholder={t('records.timeline.comment.placeholder')}
          aria-label={t('records.timeline.comment.label')}
          aria-describedby={state.sendProblem ? `${ids.hint} ${ids.problem}` : ids.hint}
          aria-invalid={state.sendProblem ? true : undefined}
          aria-autocomplete="list"
          aria-controls={ids.list}
          aria-activedescendant={suggestions ? optionId(suggestions.active) : undefined}
          disabled={state.sending}
          onChange={(event) => model.setDraft(event.target.value, event.target.selectionStart)}
          onKeyDown={handleKey}
          onBlur={() => model.closeSuggestions()}
          data-testid="records.timeline.text"
        />
        <PeopleSuggestions id={ids.list} suggestions={suggestions} optionId={optionId} take={take} />
      </div>
      <div className="rcv-comment__actions">
        <span id={ids.hint} className="rcv-comment__hint">
          {t('records.timeline.comment.hint')}
        </span>
        <button type="submit" className="atk-button atk-primary" disabled={state.sending || state.draft.trim() === ''} data-testid="records.timeline.send">
          {state.sending ? t('records.timeline.comment.sending') : t('records.timeline.comment.send')}
        </button>
      </div>
      {state.sendProblem && (
        <p id={ids.problem} className="rcv-comment__problem" role="alert" data-testid="records.timeline.sendProblem">
          {refusalText(state.sendProblem, t)}
        </p>
      )}
    </form>
  );
}
