import { Model } from '@atrium/app-kit';
import { AbsenceMessages, absenceDays, type AbsenceDto, type AbsenceMessageKey } from '@atrium/shared';

/** A colleague the delegate is picked among. */
export interface Person {
  id: string;
  name: string;
}

/** What the model needs of the desktop: the API, the people search and today. */
export interface AbsenceHost {
  request<T>(method: 'get' | 'post' | 'delete', path: string, body?: unknown): Promise<T>;
  /** Colleagues whose name matches the text (the global search's people). */
  searchPeople(text: string): Promise<Person[]>;
  /** The signed-in user, never their own delegate. */
  userId: string;
}

/** A refusal to show: the server's reason, or a failure of the call. */
export type AbsenceProblem = AbsenceMessageKey | 'failed';

export interface AbsenceDraft {
  startsOn: string;
  endsOn: string;
  delegate: Person | null;
}

export interface AbsenceState {
  status: 'loading' | 'ready' | 'failed';
  absences: readonly AbsenceDto[];
  draft: AbsenceDraft;
  /** The text the people were searched for, and what the search found (the caller left out). */
  query: string;
  people: readonly Person[];
  saving: boolean;
  /** The absence being removed. */
  removing: string | null;
  problem: AbsenceProblem | null;
  /** How many absences were added here: the form starts afresh after each. */
  added: number;
}

const PATH = 'users/me/absences';
const EMPTY_DRAFT: AbsenceDraft = { startsOn: '', endsOn: '', delegate: null };

/** The reason of a refused call: its code 'absences.<key>', else a plain failure. */
function problemOf(error: unknown): AbsenceProblem {
  const code = (error as { code?: unknown } | null)?.code;
  const key = typeof code === 'string' && code.startsWith('absences.') ? code.slice('absences.'.length) : '';
  return Object.hasOwn(AbsenceMessages, key) ? (key as AbsenceMessageKey) : 'failed';
}

/**
 * The Absence section of Preferences (docs/behaviour/workflows.md#delegation):
 * the user's absences, the one being planned (from, to, delegate) and the
 * people found for the delegate. The server decides; the model only spares
 * a call for an end before the start.
 */
export class AbsenceModel extends Model<AbsenceState> {
  /** The newest search: answers of earlier ones are dropped. */
  private searches = 0;
  private disposed = false;

  constructor(private readonly host: AbsenceHost) {
    super({ status: 'loading', absences: [], draft: EMPTY_DRAFT, query: '', people: [], saving: false, removing: null, problem: null, added: 0 });
  }

  async load(): Promise<void> {
    this.update({ status: 'loading' });
    try {
      const absences = await this.host.request<AbsenceDto[]>('get', PATH);
      if (!this.disposed) this.update({ status: 'ready', absences });
    } catch {
      if (!this.disposed) this.update({ status: 'failed' });
    }
  }

  setStart(startsOn: string): void {
    const { draft } = this.getState();
    // A single day by default: the end follows a start moved past it.
    const endsOn = draft.endsOn === '' || (startsOn !== '' && draft.endsOn < startsOn) ? startsOn : draft.endsOn;
    this.update({ draft: { ...draft, startsOn, endsOn }, problem: null });
  }

  setEnd(endsOn: string): void {
    this.update({ draft: { ...this.getState().draft, endsOn }, problem: null });
  }

  /** Searches colleagues by name; an empty text clears the results. */
  async search(text: string): Promise<void> {
    const search = ++this.searches;
    const query = text.trim();
    this.update({ query });
    if (query === '') return this.update({ people: [] });
    let people: Person[] = [];
    try {
      people = (await this.host.searchPeople(query)).filter((p) => p.id !== this.host.userId);
    } catch {
      // A text the search refuses (special characters only) finds nobody.
    }
    if (search === this.searches && !this.disposed) this.update({ people });
  }

  chooseDelegate(person: Person | null): void {
    this.update({ draft: { ...this.getState().draft, delegate: person }, problem: null });
  }

  /** Whether the absence can be sent: both days and a delegate. */
  canAdd(state = this.getState()): boolean {
    return state.draft.startsOn !== '' && state.draft.endsOn !== '' && state.draft.delegate !== null && !state.saving;
  }

  /** Sends the absence; answers whether it was added (the draft is then cleared). */
  async add(): Promise<boolean> {
    const state = this.getState();
    const { startsOn, endsOn, delegate } = state.draft;
    if (!this.canAdd(state) || !delegate) return false;
    if (absenceDays(startsOn, endsOn) < 1) {
      this.update({ problem: 'endBeforeStart' });
      return false;
    }
    this.update({ saving: true, problem: null });
    try {
      const added = await this.host.request<AbsenceDto>('post', PATH, { startsOn, endsOn, delegate: delegate.id });
      const absences = [...this.getState().absences, added].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
      this.update({ saving: false, absences, draft: EMPTY_DRAFT, query: '', people: [], added: this.getState().added + 1 });
      return true;
    } catch (error) {
      this.update({ saving: false, problem: problemOf(error) });
      return false;
    }
  }

  async remove(id: string): Promise<void> {
    this.update({ removing: id, problem: null });
    try {
      await this.host.request('delete', `${PATH}/${encodeURIComponent(id)}`);
      this.update({ removing: null, absences: this.getState().absences.filter((a) => a.id !== id) });
    } catch (error) {
      const problem = problemOf(error);
      // Gone already (removed in another window): it is no longer listed.
      const absences = problem === 'notFound' ? this.getState().absences.filter((a) => a.id !== id) : this.getState().absences;
      this.update({ removing: null, absences, problem: problem === 'notFound' ? null : problem });
    }
  }

  dispose(): void {
    this.disposed = true;
    this.clearListeners();
  }
}
