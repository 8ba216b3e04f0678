/**
 * Shared setup of the social test files: an indexer and the API (tests/helpers/api.ts), users provisioned by JWT
 * with their custodial wallets funded, tokens created on the global anvil, and buys from a user's wallet.
 */
import { randomUUID } from "node:crypto";
import { type Address, getAddress, maxUint256, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { launchpadAbi } from "../../abis/index.js";
import { deriveWalletKey } from "../../core/wallets.js";
import { createTestApi, startTestIndexer } from "./api.js";
import { chain, createToken, fundedWallets, fundUsdc, send, type Wallet } from "./chain.js";

export const USDC = 10n ** 6n;
export type Body = Record<string, unknown> & { success: boolean; error?: string };
export type SocialUser = { jwt: string; id: string; username: string; address: Address; wallet: () => Promise<Wallet> };

const ZERO = getAddress(`0x${"0".repeat(40)}`);
export const PNG_1x1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export async function startSocial(options: { launchWatch?: boolean } = {}) {
  const c = chain();
  const ix = await startTestIndexer();
  const api = await createTestApi({ indexerSchema: ix.schema, launchWatch: options.launchWatch });
  const run = randomUUID().slice(0, 8);
  let users = 0;
  // The tokens' creator: a wallet of this test file's own.
  const [creator] = await fundedWallets(c, 1);

  /** POST /functions/v1/<name> as `as` (a user or a raw token; none: anonymous). */
  const call = async (name: string, body: unknown, as?: SocialUser | string) => {
    const token = typeof as === "string" ? as : as?.jwt;
    const res = await api.post(name, body, token);
    return { status: res.status, body: res.body as Body };
  };

  /** call, expecting 200 and success; returns the body. */
  const ok = async (name: string, body: unknown, as?: SocialUser | string) => {
    const res = await call(name, body, as);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body;
  };

  /** A new user, provisioned by a first request; its custodial wallet is funded on demand. */
  const user = async (): Promise<SocialUser> => {
    const jwt = await api.jwt(`social-${run}-${users++}`);
    await ok("get-notifications", {}, jwt);
    const { rows } = await api.deps.db.query<{ id: string; username: string; wallet_index: number }>(
      `SELECT id, username, wallet_index FROM ${api.appSchema}.users WHERE external_sub = $1`,
      [`social-${run}-${users - 1}`],
    );
    const row = rows[0];
    if (!row) throw new Error("user was not provisioned");
    const account = privateKeyToAccount(deriveWalletKey(api.config.walletSecret, row.wallet_index));
    let funded: Wallet | undefined;
    const wallet = async () => {
      if (funded) return funded;
      await c.testClient.setBalance({ address: account.address, value: parseEther("100") });
      funded = c.walletOf(account);
      await fundUsdc(c, funded, 1_000_000n * USDC);
      return funded;
    };
    return { jwt, id: row.id, username: row.username, address: account.address, wallet };
  };

  /** A token created on chain and indexed; returns its uuid (search-token gives it one) and address. */
  const token = async (name: string, symbol: string) => {
    const created = await createToken(c, creator, 7, { name: `${name} ${run}`, symbol });
    await ix.sync();
    const found = await ok("search-token", { input: created.tokenLayerId }, (await api.jwt(`lookup-${run}`)) as string);
    return {
      id: (found.token as Body).id as string,
      address: created.token,
      slug: (found.token as Body).slug as string,
    };
  };

  /**
   * A token `u` creates through create-token-transaction, its transaction sent from `u`'s custodial wallet (so
   * the creator's fee share is `u`'s), and indexed; returns its uuid and address.
   */
  const tokenOf = async (u: SocialUser, name: string, symbol: string) => {
    const created = await ok(
      "create-token-transaction",
      {
        name,
        symbol,
        description: `${name}, made by a test`,
        image: `data:image/png;base64,${PNG_1x1}`,
        chainSlug: "base-sepolia",
        userAddress: u.address,
      },
      u,
    );
    const tx = created.transaction as { to: Address; data: `0x${string}`; gasLimit: string };
    const hash = await (await u.wallet()).sendTransaction({ to: tx.to, data: tx.data, gas: BigInt(tx.gasLimit) });
    expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    await ix.sync();
    const metadata = created.metadata as { tokenId: string; addresses: { evm: Address } };
    return { id: metadata.tokenId, address: metadata.addresses.evm };
  };

  /** Buy `usdc` (base units) of `tokenAddress` from `u`'s custodial wallet, and wait for the indexer. */
  const buy = async (u: SocialUser, tokenAddress: Address, usdc: bigint) => {
    await send(c, await u.wallet(), {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [tokenAddress, usdc, 0n, maxUint256, { builder: ZERO, builderFeeBps: 0, referral: ZERO }],
    } as never);
    await ix.sync();
  };

  /** The indexed balance of `u`, token base units. */
  const balance = async (u: SocialUser, tokenAddress: Address) => {
    const { rows } = await api.deps.db.query<{ balance: string }>(
      `SELECT balance::text FROM ${ix.schema}.holder WHERE token = lower($1) AND address = lower($2)`,
      [tokenAddress, u.address],
    );
    return BigInt(rows[0]?.balance ?? "0");
  };

  const close = async () => {
    await api.close();
    await ix.close();
  };
  return { c, ix, api, run, call, ok, user, token, tokenOf, buy, balance, close };
}

export type Social = Awaited<ReturnType<typeof startSocial>>;

/** The create-post body of a plain poll about token `tokenId`, its options given ids "1", "2", …. */
export const pollPost = (tokenId: string, content: string, question: string, options: string[]) => ({
  content,
  taggedCoinId: tokenId,
  pollData: { question, options: options.map((text, i) => ({ id: String(i + 1), text })) },
});
