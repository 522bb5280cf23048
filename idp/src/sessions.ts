import type Provider from 'oidc-provider';
import type { Session } from 'oidc-provider';

/** Ends a grant: its codes, access and refresh tokens and the grant itself. */
export async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  await Promise.all([
    provider.AuthorizationCode.revokeByGrantId(grantId),
    provider.AccessToken.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
    provider.Grant.adapter.destroy(grantId),
  ]);
}

/**
 * Ends a browser's session at the provider, as its own sign-out does: every
 * grant given in it (and so every refresh token) is revoked and the session
 * is gone, so that a refresh fails and the session checks answer 'changed'.
 */
export async function endSession(provider: Provider, session: Session): Promise<void> {
  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (grantId) await revokeGrant(provider, grantId);
  }
  await session.destroy();
}

/** The signed-in session of the request's browser (its session cookie), if any. */
export async function browserSession(provider: Provider, ctx: Parameters<Provider['Session']['get']>[0]): Promise<Session | undefined> {
  const session = await provider.Session.get(ctx);
  return session.accountId ? session : undefined;
}
