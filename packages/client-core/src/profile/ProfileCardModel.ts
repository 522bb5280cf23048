import type { Envelope, UserDetail } from '@atrium/shared';
import type { RequestClient } from '../api/RequestClient.js';
import { Observable } from '../Observable.js';

export type ProfileCardState = { open: false } | { open: true; userId: string; at: { x: number; y: number }; detail: UserDetail | null };

const CLOSED: ProfileCardState = { open: false };

/**
 * The user profile popup card (docs/behaviour/profile.md#profile-card): opens at a point for a user id, then
 * shows the user's detail (GET user/{id}/detail); if that fails the card
 * closes (the card's failure rule). An answer for a card opened since is
 * ignored.
 */
export class ProfileCardModel extends Observable<ProfileCardState> {
  readonly #api: RequestClient;
  #request = 0;

  constructor(api: RequestClient) {
    super(CLOSED);
    this.#api = api;
  }

  async open(userId: string, at: { x: number; y: number }): Promise<void> {
    const request = ++this.#request;
    this.setState({ open: true, userId, at: { x: at.x, y: at.y }, detail: null });
    try {
      const answer = await this.#api.get<Envelope<UserDetail>>(`user/${encodeURIComponent(userId)}/detail`);
      if (answer?.status !== 'success' || typeof answer.data?.username !== 'string') throw new Error('The server sent no user detail');
      if (request === this.#request) this.setState({ open: true, userId, at: { x: at.x, y: at.y }, detail: answer.data });
    } catch (error) {
      if (request !== this.#request) return;
      console.warn('The profile card could not be loaded.', error);
      this.close();
    }
  }

  close(): void {
    this.#request++;
    this.setState(CLOSED);
  }

  dispose(): void {
    this.#request++;
    this.clearListeners();
  }
}
