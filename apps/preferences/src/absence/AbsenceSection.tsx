import { useModel, useTranslation } from '@atrium/app-kit';
import type { Application } from '@atrium/sdk';
import { languageTag, type AbsenceDto } from '@atrium/shared';
import { useEffect, useId, useMemo, useState, type FormEvent, type JSX } from 'react';
import { SettingGroup } from '../SettingGroup.js';
import { AbsenceModel, type AbsenceHost } from './AbsenceModel.js';

/** How long typing pauses before the colleagues are searched. */
const SEARCH_DELAY_MS = 250;

/** A refused or failed call, with the server's code ('absences.overlaps') when it gave one. */
function refusal(code: unknown): Error {
  return Object.assign(new Error('The call was refused'), { code: typeof code === 'string' ? code : undefined });
}

/** The desktop's calls the section's model uses: the answer's data, or a rejection carrying the server's code. */
export function absenceHost(app: Application): AbsenceHost {
  const { desktop } = app;
  return {
    userId: desktop.user.id,
    async request<T>(method: 'get' | 'post' | 'delete', path: string, body?: unknown): Promise<T> {
      let answer: { status?: string; data?: T; code?: unknown } | null;
      try {
        answer = await desktop.request(method, path, body);
      } catch (error) {
        throw refusal((error as { body?: { code?: unknown } | null }).body?.code);
      }
      if (answer?.status === 'success') return answer.data as T;
      throw refusal(answer?.code);
    },
    searchPeople: async (text) => (await desktop.search.query(text, { filter: 'users', take: 10 })).users.items.map((u) => ({ id: u.id, name: u.name })),
  };
}

/** A day (YYYY-MM-DD) in the user's language, e.g. "5 Dec 2026". */
function useDayFormat(): (day: string) => string {
  const { language } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium', timeZone: 'UTC' });
    return (day: string) => format.format(Date.parse(`${day}T00:00:00Z`));
  }, [language]);
}

/**
 * Absence (docs/behaviour/workflows.md#delegation): the user's planned
 * absences with their delegates, each removable, and the form that plans
 * another: from, to and the colleague who takes the work meanwhile.
 */
export function AbsenceSection({ app }: { app: Application }): JSX.Element {
  const { t } = useTranslation();
  const [model] = useState(() => new AbsenceModel(absenceHost(app)));
  useEffect(() => {
    void model.load();
    return () => model.dispose();
  }, [model]);
  const state = useModel(model);
  const problem = state.problem && t(`preferences.absence.errors.${state.problem}`);
  return (
    <>
      <SettingGroup legend={t('preferences.absence.legend')} hint={t('preferences.absence.hint')} testId="preferences.absences">
        <AbsenceList model={model} />
      </SettingGroup>
      <AbsenceForm model={model} error={problem} />
    </>
  );
}

function AbsenceList({ model }: { model: AbsenceModel }): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const day = useDayFormat();
  if (state.status === 'loading') return <p className="prf-group__hint" role="status">{t('preferences.absence.loading')}</p>;
  if (state.status === 'failed') {
    return (
      <p className="prf-group__error" role="alert">
        {t('preferences.absence.failed')}{' '}
        <button type="button" className="atk-button" onClick={() => void model.load()}>
          {t('preferences.absence.retry')}
        </button>
      </p>
    );
  }
  if (state.absences.length === 0) return <p className="prf-group__hint" data-testid="preferences.absences.none">{t('preferences.absence.none')}</p>;
  return (
    <ul className="prf-absences" data-testid="preferences.absences.list">
      {state.absences.map((absence: AbsenceDto) => {
        const range = { from: day(absence.startsOn), to: day(absence.endsOn) };
        return (
          <li key={absence.id} className="prf-absence" data-testid="preferences.absence">
            <span className="prf-absence__days">{absence.startsOn === absence.endsOn ? range.from : t('preferences.absence.range', range)}</span>
            <span className="prf-absence__delegate">{t('preferences.absence.delegateIs', { name: absence.delegate.name })}</span>
            <button
              type="button"
              className="atk-button"
              aria-label={t('preferences.absence.removeLabel', range)}
              disabled={state.removing === absence.id}
              onClick={() => void model.remove(absence.id)}
            >
              {t('preferences.absence.remove')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function AbsenceForm({ model, error }: { model: AbsenceModel; error: string | null }): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const ids = { from: useId(), to: useId(), find: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void model.add();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="preferences.absences.form">
      <SettingGroup legend={t('preferences.absence.addLegend')} error={error} testId="preferences.absences.add">
        <div className="prf-row">
          <label className="prf-row__label" htmlFor={ids.from}>
            {t('preferences.absence.from')}
          </label>
          <input id={ids.from} type="date" className="prf-select" required value={state.draft.startsOn} onChange={(e) => model.setStart(e.target.value)} data-testid="preferences.absences.from" />
        </div>
        <div className="prf-row">
          <label className="prf-row__label" htmlFor={ids.to}>
            {t('preferences.absence.to')}
          </label>
          <input id={ids.to} type="date" className="prf-select" required min={state.draft.startsOn || undefined} value={state.draft.endsOn} onChange={(e) => model.setEnd(e.target.value)} data-testid="preferences.absences.to" />
        </div>
        {/* A new picker after each absence added: the text searched goes with the one before. */}
        <DelegatePicker key={state.added} model={model} inputId={ids.find} />
        <div className="prf-row">
          <button type="submit" className="atk-button atk-primary" disabled={!model.canAdd(state)} aria-busy={state.saving || undefined} data-testid="preferences.absences.submit">
            {state.saving ? t('preferences.absence.adding') : t('preferences.absence.add')}
          </button>
        </div>
      </SettingGroup>
    </form>
  );
}

/** The delegate: colleagues searched by name as one types, one picked among them (radio buttons: arrows move, Space picks). */
function DelegatePicker({ model, inputId }: { model: AbsenceModel; inputId: string }): JSX.Element {
  const { t } = useTranslation();
  const state = useModel(model);
  const [text, setText] = useState('');
  const name = useId();
  useEffect(() => {
    const timer = setTimeout(() => void model.search(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [model, text]);
  const chosen = state.draft.delegate;
  const people = chosen && !state.people.some((p) => p.id === chosen.id) ? [chosen, ...state.people] : state.people;
  return (
    <>
      <div className="prf-row">
        <label className="prf-row__label" htmlFor={inputId}>
          {t('preferences.absence.delegate')}
        </label>
        <input
          id={inputId}
          type="search"
          className="prf-select"
          value={text}
          placeholder={t('preferences.absence.findPlaceholder')}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches at once rather than sending the form.
            if (e.key === 'Enter') {
              e.preventDefault();
              void model.search(text);
            }
          }}
          data-testid="preferences.absences.find"
        />
      </div>
      {people.length > 0 ? (
        <div className="prf-options prf-absence__people" role="radiogroup" aria-label={t('preferences.absence.people')}>
          {people.map((person) => (
            <label key={person.id} className="prf-option">
              <input type="radio" name={name} checked={chosen?.id === person.id} onChange={() => model.chooseDelegate(person)} data-testid={`preferences.absences.person.${person.id}`} />
              <span>{person.name}</span>
            </label>
          ))}
        </div>
      ) : (
        state.query !== '' && <p className="prf-group__hint" role="status">{t('preferences.absence.noPeople')}</p>
      )}
    </>
  );
}
