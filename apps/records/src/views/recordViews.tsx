import type { RecordDto, RecordPerson } from '@atrium/shared/apps';
import { useTranslation } from '@atrium/app-kit';
import { useEffect, useMemo, type JSX } from 'react';
import { BoardModel, boardField } from '../model/BoardModel.js';
import { CalendarModel, calendarFields } from '../model/CalendarModel.js';
import { TimelineModel } from '../model/TimelineModel.js';
import { BoardView } from './board/BoardView.js';
import { CalendarView } from './calendar/CalendarView.js';
import { RECORD_VIEWS, type EntityViewProps, type TimelineViewProps } from './slots.js';
import { TimelineView } from './timeline/TimelineView.js';

/*
 * The board, the calendar and the timeline as the Records window mounts
 * them (slots.ts). Each makes its model for what it shows and starts it in
 * an effect: started, stopped and started again when React mounts a view
 * twice in development, the model keeps working.
 */

/** The board of an entity in the Records window (the `board` slot); nothing when the entity declares no board on a choice field, a note when the user may not see that field. */
export function EntityBoard(props: EntityViewProps): JSX.Element | null {
  const field = boardField(props.entity);
  if (field === null) return null;
  return props.rights.hiddenFields.includes(field.key) ? <Unavailable text="records.board.hidden" /> : <Board {...props} />;
}

/** Instead of a view grouped or placed by a field the user may not see. */
function Unavailable({ text }: { text: string }): JSX.Element {
  const { t } = useTranslation();
  return (
    <p className="atk-state" role="status" data-testid="records.view.unavailable">
      {t(text)}
    </p>
  );
}

function Board({ app, entityKey, entity, rights, api, open, onRecordsChanged }: EntityViewProps): JSX.Element {
  const mayUpdate = rights.actions.includes('update');
  const model = useMemo(() => new BoardModel({ calls: api, app, entityKey, entity, mayUpdate, onRecordsChanged }), [api, app, entityKey, entity, mayUpdate, onRecordsChanged]);
  useEffect(() => model.start(), [model]);
  const openCard = (name: string) => {
    const at = model.find(name);
    const column = at === null ? undefined : model.getState().columns[at.column];
    const record = at === null ? undefined : column?.cards[at.index];
    // Next and previous in the form go through the card's column.
    if (record && column) open(record, column.cards.map((c) => c.name));
  };
  return <BoardView model={model} entity={entity} hiddenFields={rights.hiddenFields} open={openCard} />;
}

/** The calendar of an entity in the Records window (the `calendar` slot); nothing when the entity declares no calendar on a date field, a note when the user may not see its start. */
export function EntityCalendar(props: EntityViewProps): JSX.Element | null {
  const fields = calendarFields(props.entity);
  if (fields === null) return null;
  return props.rights.hiddenFields.includes(fields.start.key) ? <Unavailable text="records.calendar.hidden" /> : <Calendar {...props} />;
}

function Calendar({ app, entityKey, entity, api, open, onRecordsChanged }: EntityViewProps): JSX.Element {
  const model = useMemo(() => {
    const made: CalendarModel = new CalendarModel({
      calls: api,
      app,
      entityKey,
      entity,
      onRecordsChanged,
      // Next and previous in the form go through the month's records.
      open: (name) => {
        const records: RecordDto[] = made.getState().spans.map((s) => s.item);
        const record = records.find((r) => r.name === name);
        if (record) open(record, records.map((r) => r.name));
      },
    });
    return made;
  }, [api, app, entityKey, entity, open, onRecordsChanged]);
  useEffect(() => model.start(), [model]);
  return <CalendarView model={model} entity={entity} />;
}

/** The people a record names: its owner, creator and last editor. */
function peopleOf(record: RecordDto): RecordPerson[] {
  return [record.owner, record.createdBy, record.updatedBy].filter((p): p is RecordPerson => p !== null);
}

const NO_PEOPLE: Readonly<Record<string, string>> = {};
const NO_ONE: readonly RecordPerson[] = [];

/** A record's timeline beside its form (the `timeline` slot): read again when the form saves a new version. */
export function RecordTimeline({ app, entity, record, api, canComment, people = NO_PEOPLE, links, mentionable = NO_ONE, onRecordsChanged }: TimelineViewProps): JSX.Element {
  const model = useMemo(() => new TimelineModel({ calls: api, app, name: record.name, mentionable: [], onRecordsChanged }), [api, app, record.name, onRecordsChanged]);
  useEffect(() => model.start(), [model]);
  const names = useMemo(() => ({ ...Object.fromEntries(peopleOf(record).map((p) => [p.id, p.name])), ...people }), [record, people]);
  useEffect(() => {
    model.setMentionable([...mentionable, ...Object.entries(names).map(([id, name]) => ({ id, name }))]);
  }, [model, mentionable, names]);
  // A save gives a new version: its change goes first.
  const version = record.version;
  useEffect(() => {
    if (model.getState().status !== 'loading') void model.refresh();
  }, [model, version]);
  return <TimelineView model={model} entity={entity} people={names} links={links} canComment={canComment} />;
}

/** Puts the board, the calendar and the timeline into the Records window's slots (once, at launch). */
export function fillRecordViews(): void {
  RECORD_VIEWS.board = EntityBoard;
  RECORD_VIEWS.calendar = EntityCalendar;
  RECORD_VIEWS.timeline = RecordTimeline;
}
