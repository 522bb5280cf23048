import { useModel, useTranslation, type TFunction } from '@atrium/app-kit';
import { labelOf, recordsAfter, type Entity, type RecordDto } from '@atrium/shared/apps';
import { useEffect, useId, useMemo, useRef, type FocusEvent, type JSX, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { cardFieldsOf, shownCards, type BoardAnnouncement, type BoardColumn, type BoardModel, type BoardState } from '../../model/BoardModel.js';
import { valueText } from '../../model/valueText.js';
import { RecordColour } from '../RecordColour.js';
import { usePointerDrag, type CardDrag } from './usePointerDrag.js';
import { refusalText, useNumber, useValueContext } from '../viewHelpers.js';
import { TransitionDialog } from '../workflow/TransitionDialog.js';
import '../viewsCommon.css';
import './board.css';

export interface BoardViewProps {
  model: BoardModel;
  entity: Entity;
  /** Fields the caller sees on none of the records (their rights). */
  hiddenFields?: readonly string[];
  /** Opens a record's form. */
  open(name: string): void;
}

/** A column's title in the user's language: its choice's label, or "No value". */
function columnTitle(column: BoardColumn | undefined, t: TFunction, language: string): string {
  return column?.label ? labelOf(column.label, language) : t('records.board.noValue');
}

/** What the live region says of a step of a move. */
export function announcementText(a: BoardAnnouncement, columns: readonly BoardColumn[], t: TFunction, language: string): string {
  switch (a.kind) {
    case 'picked':
    case 'over':
      return t(`records.board.${a.kind}`, { name: a.name, column: columnTitle(columns[a.column], t, language), position: a.position, count: a.count });
    case 'moved':
      return t('records.board.moved', { name: a.name, column: columnTitle(columns[a.column], t, language) });
    case 'cancelled':
      return t('records.board.cancelled', { name: a.name });
    case 'refused':
      return t('records.board.refused', { name: a.name, reason: refusalText(a.refusal, t) });
  }
}

const NONE: readonly string[] = [];

const MOVE_KEYS: Record<string, 'left' | 'right' | 'up' | 'down'> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

/**
 * The keyboard on the cards: Space or Enter picks a card up (when cards may
 * move), the arrows move it, Space or Enter drops it, Escape or Tab puts it
 * back; otherwise Enter opens it and the arrows go from card to card. A
 * card moved by the keyboard is drawn again in its new place (and again
 * when a refusal puts it back): the keyboard stays on it until the user
 * goes elsewhere (`onBlur` of the board forgets it).
 */
function useCardKeys(model: BoardModel, state: BoardState, root: RefObject<HTMLElement | null>, open: (name: string) => void) {
  const keyboardCard = useRef<string | null>(null);
  useEffect(() => {
    const name = keyboardCard.current;
    const active = document.activeElement;
    if (name === null || !root.current || (active !== null && active !== document.body && !root.current.contains(active))) return;
    const card = [...root.current.querySelectorAll<HTMLElement>('[data-card]')].find((c) => c.dataset.card === name);
    if (card && active !== card) card.focus();
  }, [state, root]);
  const onCardKey = (event: KeyboardEvent<HTMLElement>, card: RecordDto) => {
    if (event.target !== event.currentTarget) return;
    keyboardCard.current = card.name;
    if (state.grabbed?.name === card.name) {
      const step = MOVE_KEYS[event.key];
      // Leaving the card puts it back where it was.
      if (event.key === 'Tab') return model.cancel();
      if (step) model.step(step);
      else if (event.key === ' ' || event.key === 'Enter') void model.drop();
      else if (event.key === 'Escape') model.cancel();
      else return;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if ((event.key === ' ' || event.key === 'Enter') && model.canMove) {
      event.preventDefault();
      model.pickUp(card.name);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(card.name);
    } else if (MOVE_KEYS[event.key]) {
      event.preventDefault();
      moveFocus(event.currentTarget, MOVE_KEYS[event.key]!);
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) keyboardCard.current = null;
  };
  return { onCardKey, onBlur };
}

/**
 * The board (docs/behaviour/records-views.md#board): a column per choice of
 * the group-by field, coloured by the choice, each with its cards (title,
 * card fields, the record's colour) and "Show more". A card moves by
 * dragging it to another column, or with the keyboard: Space or Enter picks
 * it up, the arrows move it, Space or Enter drops it, Escape puts it back;
 * each step is said in a live region. A mouse drags a card from anywhere on
 * it, a finger or a pen from its grip (usePointerDrag).
 */
export function BoardView({ model, entity, hiddenFields = NONE, open }: BoardViewProps): JSX.Element {
  const state = useModel(model);
  const { t, language } = useTranslation();
  const instructionsId = useId();
  const root = useRef<HTMLElement>(null);
  const { drag, onCardPointerDown, boardHandlers } = usePointerDrag(root, model.canMove, (name, column, index) => void model.move(name, column, index));
  const cards = useMemo(() => shownCards(state), [state]);
  const fields = useMemo(() => cardFieldsOf(entity, hiddenFields), [entity, hiddenFields]);
  const ctx = useValueContext(state.people, state.links);
  const { onCardKey, onBlur } = useCardKeys(model, state, root, open);
  const renderFields = (card: RecordDto) =>
    fields.map((key) => ({ key, label: labelOf(entity.fields[key]!.label, language), text: valueText(entity.fields[key], card.values[key], ctx) })).filter((f) => f.text !== '');
  return (
    <section ref={root} onBlur={onBlur} {...boardHandlers} className={`rcv rcv-board${drag ? ' rcv-board--dragging' : ''}`} aria-label={t('records.board.label', { entity: labelOf(entity.pluralLabel, language) })} data-testid="records.board">
      <p id={instructionsId} className="atk-hidden">
        {model.canMove ? t('records.board.instructions') : t('records.board.readOnly')}
      </p>
      {model.offersWaitingForMe && (
        <div className="rcv-board__filters">
          <button type="button" className="atk-button" aria-pressed={state.waitingForMe} onClick={() => model.showWaitingForMe(!state.waitingForMe)} data-testid="records.board.waitingForMe">
            {t('records.workflow.waitingForMe')}
          </button>
        </div>
      )}
      {state.refusal && (
        <div className="atk-notice" role="alert" data-testid="records.board.refusal">
          <span>{t('records.board.refused', { name: state.refusal.name, reason: refusalText(state.refusal.refusal, t) })}</span>
          <button type="button" className="atk-button" onClick={() => model.dismissRefusal()}>
            {t('records.board.dismiss')}
          </button>
        </div>
      )}
      <div className="rcv-board__columns">
        {state.columns.map((column, index) => (
          <Column
            key={column.value ?? ''}
            {...{ model, state, column, index, drag, renderFields, onCardKey, onCardPointerDown, open }}
            cards={cards[index] ?? []}
            title={columnTitle(column, t, language)}
            describedBy={instructionsId}
            canMove={model.canMove}
          />
        ))}
      </div>
      {drag && <DragCopy drag={drag} card={state.columns.flatMap((c) => c.cards).find((c) => c.name === drag.name)} />}
      {model.steps && <TransitionDialog flow={model.transitions} />}
      <div className="atk-hidden" aria-live="assertive" aria-atomic="true" data-testid="records.board.live">
        {state.announcement ? <span key={state.announcements}>{announcementText(state.announcement, state.columns, t, language)}</span> : null}
      </div>
    </section>
  );
}

/** Moves the keyboard to the card above or below, or to the first card of the column beside. */
function moveFocus(card: HTMLElement, direction: 'left' | 'right' | 'up' | 'down'): void {
  const column = card.closest<HTMLElement>('.rcv-column');
  if (!column) return;
  if (direction === 'up' || direction === 'down') {
    const all = [...column.querySelectorAll<HTMLElement>('[data-card]')];
    all[all.indexOf(card) + (direction === 'up' ? -1 : 1)]?.focus();
    return;
  }
  let next = direction === 'left' ? column.previousElementSibling : column.nextElementSibling;
  while (next && !next.querySelector('[data-card]')) next = direction === 'left' ? next.previousElementSibling : next.nextElementSibling;
  next?.querySelector<HTMLElement>('[data-card]')?.focus();
}

interface ColumnProps {
  model: BoardModel;
  state: BoardState;
  column: BoardColumn;
  index: number;
  cards: readonly RecordDto[];
  title: string;
  describedBy: string;
  canMove: boolean;
  drag: CardDrag | null;
  renderFields(card: RecordDto): Array<{ key: string; label: string; text: string }>;
  onCardKey(event: KeyboardEvent<HTMLElement>, card: RecordDto): void;
  onCardPointerDown(event: PointerEvent<HTMLElement>, name: string): void;
  open(name: string): void;
}

/** One card: grabbed, being saved or dragged; its colour, title (a click opens it), name and card fields. */
function Card({ card, state, describedBy, canMove, drag, renderFields, onCardKey, onCardPointerDown, open }: Omit<ColumnProps, 'model' | 'column' | 'index' | 'cards' | 'title'> & { card: RecordDto }): JSX.Element {
  const { t } = useTranslation();
  const grabbed = state.grabbed?.name === card.name;
  const moving = state.moving.includes(card.name);
  const dragged = drag?.name === card.name;
  return (
    <article
      className={`rcv-card${grabbed ? ' rcv-card--grabbed' : ''}${moving ? ' rcv-card--moving' : ''}${dragged ? ' rcv-card--dragged' : ''}`}
      tabIndex={0}
      data-card={card.name}
      data-testid="records.board.card"
      aria-describedby={describedBy}
      aria-busy={moving || undefined}
      data-movable={canMove && !moving ? true : undefined}
      onPointerDown={(event) => !moving && onCardPointerDown(event, card.name)}
      onKeyDown={(event) => onCardKey(event, card)}
      onDoubleClick={() => open(card.name)}
    >
      <div className="rcv-card__head">
        {canMove && <span className="rcv-card__grip" data-grip aria-hidden="true" />}
        <RecordColour colour={card.colour} />
        <button type="button" className="rcv-card__title" tabIndex={-1} onClick={() => open(card.name)} title={card.title}>
          {card.title}
        </button>
      </div>
      <div className="rcv-card__name">{card.name}</div>
      <dl className="rcv-card__fields">
        {renderFields(card).map((f) => (
          <div key={f.key} className="rcv-card__field">
            <dt>{f.label}</dt>
            <dd>{f.text}</dd>
          </div>
        ))}
      </dl>
      {moving && <span className="rcv-card__saving">{t('records.board.saving')}</span>}
    </article>
  );
}

/** Below a column's cards: loading, empty, a failure (with Retry), or Show more. */
function ColumnState({ model, column, index, shown }: { model: BoardModel; column: BoardColumn; index: number; shown: number }): JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      {column.status === 'loading' && shown === 0 && (
        <p className="rcv-column__state" role="status">
          <span className="atk-spinner atk-spinner--small" aria-hidden="true" /> {t('records.board.loading')}
        </p>
      )}
      {column.status === 'ready' && shown === 0 && <p className="rcv-column__state">{t('records.board.empty')}</p>}
      {column.problem && (
        <p className="rcv-column__state rcv-column__state--failed" role="alert" data-testid="records.board.columnFailed">
          {t('records.board.failed')} {refusalText(column.problem, t)}{' '}
          <button type="button" className="atk-button" onClick={() => void model.loadColumn(index)}>
            {t('records.board.retry')}
          </button>
        </p>
      )}
      {column.status === 'ready' && recordsAfter(column, column.cards.length) && (
        <button type="button" className="atk-button rcv-column__more" disabled={column.loadingMore} onClick={() => void model.showMore(index)} data-testid="records.board.more">
          {t('records.board.showMore')}
        </button>
      )}
    </>
  );
}

/** A column: its choice's colour and title, how many records it holds, its cards, and what is below them. */
function Column(props: ColumnProps): JSX.Element {
  const { model, state, column, index, cards, title, drag } = props;
  const { t } = useTranslation();
  const number = useNumber();
  const headingId = useId();
  // Past the count's cap the column holds more than it counted: "10,000+".
  const count = column.capped ? t('records.board.countMore', { number: number(column.total) }) : number(column.total);
  const target = state.grabbed?.column === index || drag?.over === index;
  // Before its first answer a column has no count to show (not a "0" that is not true).
  const counted = column.status !== 'loading' || column.cards.length > 0 || column.total > 0;
  return (
    <div
      className={`rcv-column${column.colour ? ` atk-choice--${column.colour}` : ''}${target ? ' rcv-column--target' : ''}`}
      role="group"
      aria-labelledby={headingId}
      data-testid="records.board.column"
      data-value={column.value ?? ''}
      data-column-index={index}
      aria-busy={column.status === 'loading' || undefined}
    >
      <h3 className="rcv-column__title" id={headingId}>
        <span className="rcv-column__swatch" aria-hidden="true" />
        <span className="atk-ellipsis">{title}</span>
        {counted && (
          <span className="rcv-column__count" aria-label={t('records.board.count', { count })} data-testid="records.board.count">
            {count}
          </span>
        )}
      </h3>
      <ul className="rcv-column__cards">
        {cards.map((card) => (
          <li key={card.name} className="rcv-column__item">
            <Card {...props} card={card} />
          </li>
        ))}
      </ul>
      <ColumnState model={model} column={column} index={index} shown={cards.length} />
    </div>
  );
}

/** The copy of a dragged card that follows the pointer. */
function DragCopy({ drag, card }: { drag: CardDrag; card: RecordDto | undefined }): JSX.Element | null {
  if (card === undefined) return null;
  return (
    <div className="rcv-card rcv-card--copy" style={{ left: drag.left, top: drag.top, width: drag.width }} aria-hidden="true" data-testid="records.board.dragCopy">
      <div className="rcv-card__head">
        <RecordColour colour={card.colour} />
        <span className="rcv-card__title">{card.title}</span>
      </div>
      <div className="rcv-card__name">{card.name}</div>
    </div>
  );
}
