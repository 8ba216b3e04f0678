import { describe, expect, it } from "vitest";
import { ANVIL_DEV_PRIVATE_KEY, listOf, parseEnv, walletSecretOf } from "./env.js";
import { DEV_WALLET_SECRET } from "./wallets.js";

describe("parseEnv", () => {
  it("test_parseEnv_givesEveryProcessItsDocumentedDefaults", () => {
    const e = parseEnv({});
    expect(e.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/postgres");
    expect([e.APP_SCHEMA, e.INDEXER_SCHEMA, e.HOST, e.PORT]).toEqual(["app", "indexer", "127.0.0.1", 3000]);
    expect([e.WORKER_CONCURRENCY, e.WORKER_RECONCILE_INTERVAL_MS]).toEqual([16, 30_000]);
    expect([e.API_CHAINS, e.WORKER_CHAINS, e.INDEXER_CHAINS]).toEqual([undefined, undefined, undefined]);
  });

  it("test_parseEnv_revertsIfAVariableIsInvalid_namingEachOne", () => {
    expect(() => parseEnv({ WORKER_CONCURRENCY: "0", APP_SCHEMA: "App; DROP" })).toThrow(
      /WORKER_CONCURRENCY[\s\S]*APP_SCHEMA|APP_SCHEMA[\s\S]*WORKER_CONCURRENCY/,
    );
  });

  it("test_parseEnv_revertsIfProductionUsesTheDevelopmentDeployerKey", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DEPLOYER_PRIVATE_KEY: ANVIL_DEV_PRIVATE_KEY })).toThrow(
      /DEPLOYER_PRIVATE_KEY/,
    );
  });
});

describe("walletSecretOf", () => {
  it("test_walletSecretOf_defaultsOnlyOutsideProduction", () => {
    expect(walletSecretOf(parseEnv({}))).toBe(DEV_WALLET_SECRET);
    expect(walletSecretOf(parseEnv({ WALLET_SECRET: "a-real-secret-of-16+" }))).toBe("a-real-secret-of-16+");
    const production = parseEnv({ NODE_ENV: "production", DEPLOYER_PRIVATE_KEY: `0x${"1".repeat(64)}` });
    expect(() => walletSecretOf(production)).toThrow(/WALLET_SECRET is required in production/);
  });
});

describe("listOf", () => {
  it("test_listOf_trimsAndDropsEmptyEntries", () => {
    expect(listOf(" base-sepolia, ,bnb-testnet ,")).toEqual(["base-sepolia", "bnb-testnet"]);
    expect(listOf(undefined)).toEqual([]);
  });
});
