import { Model } from '@atrium/app-kit';
import { RECORD_COMMENT_MAX_LENGTH, type RecordPerson, type RecordsChangedParams, type TimelineEntry } from '@atrium/shared/apps';
import type { RecordsCalls } from './recordsCalls.js';
import { commentTooLong, refusalOf, type Refusal } from './refusal.js';
import { mentionAt, mentionCandidates } from './timelineText.js';

/** The @mention being typed and the people it may name. */
export interface MentionSuggestions {
  /** Where its `@` is in the draft. */
  start: number;
  query: string;
  people: readonly RecordPerson[];
  /** The one Enter or Tab takes. */
  active: number;
}

export interface TimelineState {
  status: 'loading' | 'ready' | 'failed';
  /** Newest first. */
  entries: readonly TimelineEntry[];
  problem: Refusal | null;
  draft: string;
  sending: boolean;
  /** Why the last comment was not sent (too long, before sending; else the server's refusal). */
  sendProblem: Refusal | null;
  suggestions: MentionSuggestions | null;
}

export interface TimelineOptions {
  calls: RecordsCalls;
  app: string;
  /** The record's name. */
  name: string;
  /**
   * The people a comment may mention (those the record names, the user's
   * colleagues; setMentionable changes them); the authors of the timeline's
   * entries and the people its comments mention are added.
   */
  mentionable: readonly RecordPerson[];
  /** Hears that records changed (the desktop socket; null when changes may have been missed); returns the unsubscribe. */
  onRecordsChanged?(listener: (change: RecordsChangedParams | null) => void): () => void;
}

const newestFirst = (a: TimelineEntry, b: TimelineEntry) => Date.parse(b.at) - Date.parse(a.at);

/**
 * A record's timeline (docs/APPLICATIONS.md, "History and comments"): its
 * history and comments newest first, read again on demand (the form does
 * after a save); a comment being written, with suggestions of people while
 * an @mention is typed, sent with the record's comment call.
 */
export class TimelineModel extends Model<TimelineState> {
  readonly #options: TimelineOptions;
  #ticket = 0;
  #disposed = false;
  #mentionable: readonly RecordPerson[];
  /** The people chosen among the suggestions, by the name written for them. */
  readonly #chosen = new Map<string, string>();

  constructor(options: TimelineOptions) {
    super({ status: 'loading', entries: [], problem: null, draft: '', sending: false, sendProblem: null, suggestions: null });
    this.#options = options;
    this.#mentionable = options.mentionable;
  }

  /** Reads the timeline and follows the changes the desktop hears of (a change or a comment of this record, or changes that may have been missed: read again), until the returned stop is called. */
  start(): () => void {
    const { app, name } = this.#options;
    const stop = this.#options.onRecordsChanged?.((change) => {
      if (!this.#disposed && (change === null || (change.app === app && change.names.includes(name)))) void this.refresh();
    });
    void this.refresh();
    return () => stop?.();
  }

  /** Changes who a comment may mention (the record's people after a save). */
  setMentionable(people: readonly RecordPerson[]): void {
    this.#mentionable = people;
  }

  /** Reads the timeline again (keeping what it shows while reading). */
  async refresh(): Promise<void> {
    const ticket = ++this.#ticket;
    this.update({ status: 'loading', problem: null });
    try {
      const entries = await this.#options.calls.timeline(this.#options.app, this.#options.name);
      if (this.#disposed || ticket !== this.#ticket) return;
      this.update({ status: 'ready', entries: [...entries].sort(newestFirst) });
    } catch (error) {
      if (this.#disposed || ticket !== this.#ticket) return;
      this.update({ status: 'failed', problem: refusalOf(error) });
    }
  }

  /** The comment's text as typed, and where the caret is: suggestions while an @mention is typed there. */
  setDraft(draft: string, caret = draft.length): void {
    const typing = mentionAt(draft, caret);
    const people = typing === null ? [] : mentionCandidates(this.#people(), typing.query);
    const previous = this.getState().suggestions;
    this.update({
      draft,
      sendProblem: null,
      suggestions: typing === null || people.length === 0 ? null : { ...typing, people, active: previous?.start === typing.start ? Math.min(previous.active, people.length - 1) : 0 },
    });
  }

  /** Moves the active suggestion (wrapping). */
  moveSuggestion(by: 1 | -1): void {
    const s = this.getState().suggestions;
    if (s === null) return;
    this.update({ suggestions: { ...s, active: (s.active + by + s.people.length) % s.people.length } });
  }

  /** Closes the suggestions (Escape) until the mention is typed further. */
  closeSuggestions(): void {
    this.update({ suggestions: null });
  }

  /**
   * Writes the chosen person's name after the `@` (and a space) in place of
   * the mention being typed; it is sent as `@` and their id, which names
   * them whatever their name (commentText). Returns where the caret goes,
   * or null when no suggestion was open.
   */
  acceptSuggestion(index = this.getState().suggestions?.active ?? 0): number | null {
    const { suggestions: s, draft } = this.getState();
    const person = s?.people[index];
    if (s === null || person === undefined) return null;
    const end = s.start + 1 + s.query.length;
    const written = `@${person.name} `;
    const rest = draft.slice(end).replace(/^ /, '');
    this.#chosen.set(person.name, person.id);
    this.update({ draft: draft.slice(0, s.start) + written + rest, suggestions: null });
    return s.start + written.length;
  }

  /** The draft as sent: each chosen person's `@Name` written as `@id` (longer names first, so that one name inside another stays whole). */
  commentText(): string {
    let text = this.getState().draft.trim();
    for (const [name, id] of [...this.#chosen].sort((a, b) => b[0].length - a[0].length)) text = text.split(`@${name}`).join(`@${id}`);
    return text;
  }

  /** Sends the draft as a comment (Ctrl+Enter): cleared and the timeline read again once sent; kept with the refusal otherwise. */
  async send(): Promise<boolean> {
    const { sending } = this.getState();
    const text = this.commentText();
    if (sending || text === '') return false;
    if (text.length > RECORD_COMMENT_MAX_LENGTH) {
      this.update({ sendProblem: commentTooLong(RECORD_COMMENT_MAX_LENGTH) });
      return false;
    }
    this.update({ sending: true, sendProblem: null, suggestions: null });
    try {
      await this.#options.calls.comment(this.#options.app, this.#options.name, text);
      if (this.#disposed) return true;
      this.#chosen.clear();
      this.update({ sending: false, draft: '' });
      await this.refresh();
      return true;
    } catch (error) {
      if (!this.#disposed) this.update({ sending: false, sendProblem: refusalOf(error) });
      return false;
    }
  }

  /** Everyone a comment may mention, each once: those given, then the timeline's authors and mentioned people. */
  #people(): RecordPerson[] {
    const given = this.#mentionable;
    const fromEntries = this.getState().entries.flatMap((e) => [...(e.by ? [e.by] : []), ...(e.kind === 'comment' ? e.mentions : [])]);
    const byId = new Map<string, RecordPerson>();
    for (const person of [...given, ...fromEntries]) if (!byId.has(person.id)) byId.set(person.id, person);
    return [...byId.values()];
  }

  dispose(): void {
    this.#disposed = true;
    this.clearListeners();
  }
}
