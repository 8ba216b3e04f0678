/**
 * Environment, parsed once with zod at start. Every default is a local-development default (anvil, local Postgres
 * and Redis); production sets each variable explicitly. A bad value fails start-up with the variable's name.
 */
import { z } from "zod";

/** The local Postgres every command uses unless DATABASE_URL says otherwise. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** anvil's well-known account 0. A documented local-development default, never a real key. */
export const ANVIL_DEV_PRIVATE_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex characters");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** The chain this process serves by default (a ChainSlug). */
  CHAIN_SLUG: z.string().default("base-sepolia"),
  /** JSON-RPC endpoint of CHAIN_SLUG. RPC_URL_<SLUG> (upper case, dashes as underscores) adds further chains. */
  RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  /** Local anvil: port and chain id used by the run command and the tests. */
  ANVIL_PORT: z.coerce.number().int().min(1).max(65535).default(8545),
  CHAIN_ID: z.coerce.number().int().positive().default(84532),
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Deployer of local contracts. Defaults to anvil's account 0; required on real networks. */
  DEPLOYER_PRIVATE_KEY: hex32.default(ANVIL_DEV_PRIVATE_KEY),
});

export type Env = z.infer<typeof envSchema>;

/** Parse `source` (default process.env); throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  if (result.data.NODE_ENV === "production" && result.data.DEPLOYER_PRIVATE_KEY === ANVIL_DEV_PRIVATE_KEY) {
    throw new Error(
      "Invalid environment:\n  DEPLOYER_PRIVATE_KEY: the local development key cannot be used in production",
    );
  }
  return result.data;
}

/** RPC URL configured for a chain slug: RPC_URL_<SLUG>, else RPC_URL when the slug is CHAIN_SLUG. */
export function rpcUrlFor(slug: string, env: Env, source: Record<string, string | undefined> = process.env) {
  const key = `RPC_URL_${slug.toUpperCase().replace(/-/g, "_")}`;
  return source[key] ?? (slug === env.CHAIN_SLUG ? env.RPC_URL : undefined);
}
