/** One statement on a server's admin connection (creating or dropping a database), on a client of its own. */
import pg from "pg";

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
