import crypto from 'node:crypto';

/** How long a signed package address stays valid, at least (seconds). */
export const PACKAGE_URL_LIFETIME = 12 * 3600;
/** Expiries are rounded up to this step, so one user's addresses stay the same (and cacheable) for a while. */
const EXPIRY_STEP = 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signed tokens of registered packages' file addresses. The browser loads a
 * package with import(), which cannot send a bearer token, so the address
 * itself carries who may load it: `<expiry>.<userId>.<mac>`, the mac an
 * HMAC-SHA256 over expiry, user and package name with a key derived from the
 * server's secret (never the signing key of access tokens itself).
 */
export class PackageUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = crypto.createHmac('sha256', secret).update('atrium/package-file-addresses').digest();
  }

  /** A token for one user and package, valid PACKAGE_URL_LIFETIME from now at least. */
  sign(userId: string, packageName: string): string {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const expiry = Math.ceil((nowSeconds + PACKAGE_URL_LIFETIME) / EXPIRY_STEP) * EXPIRY_STEP;
    return `${expiry}.${userId}.${this.mac(expiry, userId, packageName)}`;
  }

  /** The user a token was signed for, when it is genuine, unexpired and for this package; else null. */
  verify(token: string, packageName: string): string | null {
    const [expiryText, userId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !expiryText || !userId || !mac || !/^\d{1,12}$/.test(expiryText) || !UUID.test(userId)) return null;
    const expiry = Number(expiryText);
    if (expiry * 1000 <= this.now().getTime()) return null;
    const expected = Buffer.from(this.mac(expiry, userId, packageName));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
  }

  private mac(expiry: number, userId: string, packageName: string): string {
    return crypto.createHmac('sha256', this.key).update(`${expiry}\n${userId}\n${packageName}`).digest('base64url');
  }
}
