import type { Announcement } from '@atrium/shared';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { AnnouncementRecord, AnnouncementStore } from './AnnouncementStore.js';

/** Announcement (docs/behaviour/login-page.md#announcement-slider): media is the resource id; the client builds its address. */
function present(a: AnnouncementRecord): Announcement {
  return { uuid: a.id, name: a.name, description: a.description, link: a.link, media: a.mediaResourceId, media_type: a.mediaType, fallback: a.fallback };
}

/** What the sign-in page shows of the organisation serving a host, and organisations' logos. Public: no caller. */
export class ContentService {
  constructor(
    private readonly accounts: Pick<AccountStore, 'findForHost' | 'findById'>,
    private readonly announcements: Pick<AnnouncementStore, 'listForAccount'>,
  ) {}

  /** The announcements of the organisation serving a login host, in their order. */
  async announcementsFor(host: string): Promise<Announcement[]> {
    const account = await this.accounts.findForHost(host);
    const list = account ? await this.announcements.listForAccount(account.id) : [];
    return list.map(present);
  }

  /** The name and privacy policy of the organisation serving a login host (a stored 'null' is none). */
  async privacyPolicyFor(host: string): Promise<{ name: string | null; privacyPolicy: string | null }> {
    const account = await this.accounts.findForHost(host);
    const policy = account?.privacyPolicy && account.privacyPolicy !== 'null' ? account.privacyPolicy : null;
    return { name: account?.name ?? null, privacyPolicy: policy };
  }

  /** An organisation's logo: its stored resource, the default logo (`null` resource), or undefined for no such organisation. */
  async logoOf(accountId: string): Promise<{ resourceId: string | null } | undefined> {
    const account = await this.accounts.findById(accountId);
    return account ? { resourceId: account.logoResourceId } : undefined;
  }
}
