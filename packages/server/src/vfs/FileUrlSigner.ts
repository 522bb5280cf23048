import crypto from 'node:crypto';

/** How long a signed file address stays valid, at least (seconds). */
export const FILE_URL_LIFETIME = 12 * 3600;
/** Expiries are rounded up to this step, so a file's address stays the same (and cacheable) for an hour. */
const EXPIRY_STEP = 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whom and which file a genuine, unexpired token was signed for. */
export interface FileUrlGrant {
  sessionId: string;
  userId: string;
  fileId: string;
}

/**
 * Signed tokens of file addresses (docs/SECURITY.md, "Files"). An `<img src>`,
 * a `<video src>` or a download link cannot send a bearer token, so the
 * address carries it: `<expiry>.<sessionId>.<userId>.<fileId>.<mac>`, the
 * mac an HMAC-SHA256 over expiry, session, user and file id with a key
 * derived from the server's secret under its own label. The token names its
 * file, so it is checked before anything is looked up: a forged one is
 * refused before any path or file is resolved. The routes still check that
 * the session is open, that the user may see the file and that it is the
 * one asked for. Building the address around the token is not this class's
 * business.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = crypto.createHmac('sha256', secret).update('atrium/vfs-file-addresses').digest();
  }

  /** A token for one session, user and file, valid FILE_URL_LIFETIME from now at least. */
  sign(sessionId: string, userId: string, fileId: string): string {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const expiry = Math.ceil((nowSeconds + FILE_URL_LIFETIME) / EXPIRY_STEP) * EXPIRY_STEP;
    return `${expiry}.${sessionId}.${userId}.${fileId}.${this.mac(expiry, sessionId, userId, fileId)}`;
  }

  /** Whom and which file the token was signed for, when it is genuine and unexpired; else null. Looks nothing up. */
  verify(token: unknown): FileUrlGrant | null {
    if (typeof token !== 'string' || token.length > 300) return null;
    const [expiryText, sessionId, userId, fileId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !expiryText || !sessionId || !userId || !fileId || !mac || !/^\d{1,12}$/.test(expiryText)) return null;
    if (!UUID.test(sessionId) || !UUID.test(userId) || !UUID.test(fileId)) return null;
    const expiry = Number(expiryText);
    if (expiry * 1000 <= this.now().getTime()) return null;
    const expected = Buffer.from(this.mac(expiry, sessionId, userId, fileId));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { sessionId, userId, fileId } : null;
  }

  private mac(expiry: number, sessionId: string, userId: string, fileId: string): string {
    return crypto.createHmac('sha256', this.key).update(`${expiry}\n${sessionId}\n${userId}\n${fileId}`).digest('base64url');
  }
}
