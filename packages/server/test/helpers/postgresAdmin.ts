/** Statements on the PostgreSQL server of TEST_DATABASE_URL itself: creating and dropping the test databases. */
import pg from 'pg';

/** Runs one statement on the server's administration database (TEST_DATABASE_URL). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The address of another database on the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
