/**
 * API key CLI. Migrates the app schema first, then:
 *
 *   npx tsx scripts/api-key.ts create --user <uuid|new> [--name <label>] [--tier authenticated|premium]
 *                                     [--daily-cap-usd <usd>] [--allow <0x address,…>]
 *   npx tsx scripts/api-key.ts list --user <uuid>
 *   npx tsx scripts/api-key.ts revoke --id <key uuid>
 *
 * `create` prints the key once ("sk_" + base64url of 32 random bytes); only its SHA-256 is stored. `--user new`
 * creates a user (with its custodial wallet) for the key. `--tier` sets the MCP rate-limit tier (100 or 1000 tool calls
 * per minute); `--daily-cap-usd` the key's own daily spending cap for MCP write tools (default: the server's,
 * MCP_DAILY_SPEND_CAP_USD); `--allow` the only destinations execute_transaction may send to with this key. Reads
 * DATABASE_URL, APP_SCHEMA and WALLET_SECRET.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { apiConfigOf } from "../api/config.js";
import { parseEnv } from "../core/env.js";
import { usdToBaseUnits } from "../core/spend.js";
import { type ApiKeyTier, createApiKey, listApiKeys, revokeApiKey } from "../db/api-keys.js";
import { migrate } from "../db/migrate.js";
import { createUser } from "../db/users.js";

const USAGE = `usage:
  api-key create --user <uuid|new> [--name <label>] [--tier authenticated|premium]
                 [--daily-cap-usd <usd>] [--allow <0x address,...>]
  api-key list --user <uuid>
  api-key revoke --id <key uuid>`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class UsageError extends Error {}

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      user: { type: "string" },
      name: { type: "string" },
      tier: { type: "string" },
      id: { type: "string" },
      "daily-cap-usd": { type: "string" },
      allow: { type: "string" },
    },
  });
  const command = positionals[0];
  if (!command || !["create", "list", "revoke"].includes(command)) throw new UsageError(USAGE);

  const env = parseEnv();
  const config = apiConfigOf(env);
  const schema = config.appSchema;
  await migrate({ databaseUrl: env.DATABASE_URL, schema });
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  try {
    if (command === "create") {
      const tier = (values.tier ?? "authenticated") as ApiKeyTier;
      if (tier !== "authenticated" && tier !== "premium")
        throw new UsageError("--tier must be authenticated or premium");
      let userId = values.user;
      if (userId === "new") {
        userId = (await createUser({ db, config }, null)).id;
      } else if (!userId || !UUID.test(userId)) {
        throw new UsageError(`--user must be a user uuid or "new"\n${USAGE}`);
      } else {
        const found = await db.query(`SELECT 1 FROM ${schema}.users WHERE id = $1`, [userId]);
        if (found.rowCount === 0) throw new UsageError(`no user ${userId}`);
      }
      const cap = values["daily-cap-usd"];
      if (cap !== undefined && !/^\d+(\.\d{1,6})?$/.test(cap))
        throw new UsageError("--daily-cap-usd must be a USD amount");
      const allow = values.allow?.split(",").map((a) => a.trim().toLowerCase());
      if (allow?.some((a) => !/^0x[0-9a-f]{40}$/.test(a)))
        throw new UsageError("--allow must be 0x addresses, comma-separated");
      const { key, record } = await createApiKey(db, schema, { userId, name: values.name, tier });
      if (cap !== undefined || allow) {
        await db.query(
          `UPDATE ${schema}.api_keys SET daily_spend_cap_usdc = coalesce($2, daily_spend_cap_usdc),
                  allowed_destinations = coalesce($3, allowed_destinations) WHERE id = $1`,
          [record.id, cap === undefined ? null : usdToBaseUnits(cap).toString(), allow ?? null],
        );
      }
      console.log(key);
      console.error(
        `created key ${record.id} (${record.key_prefix}…, tier ${record.tier}) for user ${record.user_id}; it is shown once and only its SHA-256 is stored`,
      );
    } else if (command === "list") {
      if (!values.user || !UUID.test(values.user)) throw new UsageError(`--user must be a user uuid\n${USAGE}`);
      const keys = await listApiKeys(db, schema, values.user);
      if (keys.length === 0) console.error(`no keys for user ${values.user}`);
      for (const k of keys) {
        const state = k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : "active";
        console.log([k.id, `${k.key_prefix}…`, k.tier, k.created_at.toISOString(), state, k.name].join("\t"));
      }
    } else {
      if (!values.id || !UUID.test(values.id)) throw new UsageError(`--id must be a key uuid\n${USAGE}`);
      if (!(await revokeApiKey(db, schema, values.id))) throw new UsageError(`no active key ${values.id}`);
      console.error(`revoked key ${values.id}`);
    }
  } finally {
    await db.end();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`[api-key] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
