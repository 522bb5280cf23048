/**
 * Secrets generated on first start and kept in the data folder, readable by
 * the server's user only. Losing the file signs everybody out, nothing more.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const SecretsFile = z.object({ jwtSecret: z.string().min(43) });
export type Secrets = z.infer<typeof SecretsFile>;

export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    const parsed = SecretsFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new Error(`${file} is damaged; delete it to generate new secrets (every user will be signed out).`);
  }
  const secrets: Secrets = { jwtSecret: crypto.randomBytes(48).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
