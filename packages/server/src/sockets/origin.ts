/**
 * Which pages may open a websocket: a browser sends the page's origin, and
 * only this server's own pages (the origin of the Host the request came to,
 * over http or https, or that of PUBLIC_URL) are accepted. Clients that send
 * no Origin (not browsers) are let through to authenticate like any other.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  const given = originOf(origin);
  if (given === null) return false;
  const allowed = [originOf(publicUrl), ...(host ? [originOf(`http://${host}`), originOf(`https://${host}`)] : [])];
  return allowed.includes(given);
}

/** The normalised origin of an address (scheme, host, non-default port), or null. */
function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
