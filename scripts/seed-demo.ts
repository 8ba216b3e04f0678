/**
 * The demo seed: a living service for a new user, made through the REST endpoints as users would make it.
 *
 * - Five users (alice, bob, carol, dave, erin), each a JWT signed with AUTH_JWT_SECRET (the documented development
 *   secret by default), provisioned with a custodial wallet on first sight. Each also trades from a funded anvil
 *   account (anvil's mnemonic, from --wallet-base), which the seed gives ether (anvil_setBalance) and USDC (the
 *   MockUSDC faucet).
 * - Four tokens made with create-token-transaction, each transaction sent by its creator's anvil account; buys and
 *   sells prepared by trade-token and sent the same way (approvals first). One token is bought past graduation,
 *   so it trades on Uniswap V3, and is traded there once more.
 * - Each trader moves half of its tokens to its custodial wallet (the wallet on record), so votes weigh something
 *   and holders-only clubs open.
 * - Follows, topics, posts with #hashtags and $symbols, mentions, replies, media, polls (one weighted by the
 *   graduated token), votes on posts, poll options and tokens, and clubs of each visibility with members, an
 *   invitation and club posts.
 *
 * Re-running: when the demo is there already (the `demo` hashtag names a token), the seed prints the users' JWTs
 * and stops; --force adds another round of everything.
 *
 * CLI: `npm run seed:demo [-- --api http://127.0.0.1:3000 --force --wallet-base 1]`, against a running
 * `npm start` (RPC_URL and the deployment in deployments/<CHAIN_SLUG>.json). `npm start -- --demo` (or
 * DEMO_SEED=1) runs it once the API is up.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SignJWT } from "jose";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
} from "viem";
import { type LocalAccount, mnemonicToAccount } from "viem/accounts";
import { launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import { DEV_JWT_SECRET } from "../api/config.js";
import type { Deployment } from "../core/deployment.js";
import { ApiError, type Client, createClient, type Endpoint } from "../sdk/src/index.js";

const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
const USDC = 10n ** 6n;
/** Seconds the demo moves the local chain's clock on after creating its tokens: past the longest launch fee allowed
 * (Launchpad.MAX_LAUNCH_FEE_SECONDS). */
const LAUNCH_FEE_WAIT_SECONDS = 120;

/** USDC each trading wallet gets from the faucet: enough for one buy past a meme token's $40,000 graduation. */
const USDC_PER_WALLET = 100_000n * USDC;
const DEMO_TAG = "demo";
const DEMO_USERS = ["alice", "bob", "carol", "dave", "erin"] as const;
type DemoName = (typeof DEMO_USERS)[number];

const DEMO_BIOS: Record<DemoName, string> = {
  alice: "Launches frogs. Holds them too.",
  bob: "Buys big, posts little.",
  carol: "Builder. Ships every day.",
  dave: "Here for the community.",
  erin: "New to all of this, asking questions.",
};
const AVATAR_COLOURS = ["#2f855a", "#2b6cb0", "#b7791f", "#9b2c2c", "#6b46c1"];

/** A round avatar with the user's initial, as a data:image/svg+xml URI (update-profile stores it). */
function avatarOf(name: string, i: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${AVATAR_COLOURS[i % AVATAR_COLOURS.length]}"/><text x="48" y="63" font-size="44" font-family="sans-serif" text-anchor="middle" fill="#fff">${name.charAt(0).toUpperCase()}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * A token's logo: a rounded square in a colour of the symbol's, with its first two letters, as a data:image/svg+xml
 * URI. The demo names no outside host, so it looks the same offline (the service stores it by CID and serves it).
 */
function logoOf(symbol: string): string {
  let hash = 0;
  for (const ch of symbol) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><rect width="256" height="256" rx="48" fill="${colour}"/><text x="128" y="158" font-size="96" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${symbol.slice(0, 2)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** POST /functions/v1/<name> with a JSON body; the status and the parsed body. */
export type DemoTransport = (
  name: string,
  body: unknown,
  token?: string,
) => Promise<{ status: number; body: Record<string, unknown> }>;

export type SeedDemoParameters = {
  call: DemoTransport;
  rpcUrl: string;
  deployment: Deployment;
  jwtSecret?: string;
  /** First anvil mnemonic index of the five trading wallets. */
  walletBase?: number;
  /** The five trading wallets' accounts, instead of mnemonic accounts from walletBase (tests: a file's own). */
  accounts?: readonly LocalAccount[];
  force?: boolean;
  log?: (line: string) => void;
  /** How long to wait for the indexer to reach a block, ms. */
  indexTimeoutMs?: number;
};

export type DemoUser = { name: DemoName; sub: string; jwt: string; id: string; username: string; trader: Address };
export type DemoToken = { id: string; symbol: string; address: Address; graduated: boolean };

export type SeedDemoReturnType = {
  seeded: boolean;
  users: DemoUser[];
  tokens: DemoToken[];
  posts: string[];
  clubs: { id: string; visibility: string }[];
};

type Tx = { to: Address; data: Hex; value: string; gasLimit: string };

export async function seedDemo(p: SeedDemoParameters): Promise<SeedDemoReturnType> {
  const log = p.log ?? ((line: string) => console.log(`[demo] ${line}`));
  const secret = new TextEncoder().encode(p.jwtSecret ?? DEV_JWT_SECRET);
  const transport = http(p.rpcUrl);
  const viemChain = {
    id: p.deployment.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [p.rpcUrl] } },
  } as const;
  const publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 100 });
  const testClient = createTestClient({ chain: viemChain, transport, mode: "anvil" });
  const base = p.walletBase ?? 1;
  const accountOf = (i: number) => p.accounts?.[i] ?? mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: base + i });

  const api = async <T = Record<string, unknown>>(name: string, body: unknown, token?: string): Promise<T> => {
    const res = await p.call(name, body, token);
    if (res.status !== 200 || res.body.success !== true) {
      throw new Error(
        `${name} ${JSON.stringify(body).slice(0, 200)} answered ${res.status}: ${JSON.stringify(res.body)}`,
      );
    }
    return res.body as T;
  };

  // 1. Users: a JWT each; the first call provisions the user and its custodial wallet.
  const users: DemoUser[] = [];
  for (const [i, name] of DEMO_USERS.entries()) {
    const sub = `demo-${name}`;
    const jwt = await new SignJWT({ name })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime("30d")
      .sign(secret);
    const trader = accountOf(i).address;
    users.push({ name, sub, jwt, id: "", username: "", trader });
  }
  const user = (name: DemoName) => users.find((u) => u.name === name) as DemoUser;
  const existing = await p.call("get-hashtag-token", { hashtag_name: DEMO_TAG }, users[0]?.jwt);
  if (existing.status === 200 && !p.force) {
    log("the demo is there already (the #demo hashtag names a token); --force adds another round");
    return { seeded: false, users, tokens: [], posts: [], clubs: [] };
  }

  // 1b. Profiles: each user takes its name as username, a picture and a bio (update-profile), so that creators,
  // authors and mentions read alice, not user_…. A name someone else already holds stays as it was, with a note.
  for (const [i, u] of users.entries()) {
    const res = await p.call(
      "update-profile",
      { username: u.name, profile_picture: avatarOf(u.name, i), bio: DEMO_BIOS[u.name] },
      u.jwt,
    );
    if (res.status === 409) log(`the username ${u.name} is taken on this server; ${u.name} keeps a generated one`);
    else if (res.status !== 200)
      throw new Error(`update-profile for ${u.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    const profile = (res.status === 200 ? res.body.user : (await api<{ user: unknown }>("get-me", {}, u.jwt)).user) as {
      id: string;
      username: string;
    };
    u.id = profile.id;
    u.username = profile.username;
  }
  log(`profiles: ${users.map((u) => u.username).join(", ")}`);

  const wallets = users.map((_, i) =>
    createWalletClient({
      account: accountOf(i),
      chain: viemChain,
      transport,
    }),
  );
  type Wallet = (typeof wallets)[number];
  const walletOf = (name: DemoName) => wallets[DEMO_USERS.indexOf(name)] as Wallet;
  const sendTx = async (w: Wallet, tx: Tx) => {
    const hash = await w.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.gasLimit),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") {
      const reason = await publicClient
        .call({
          account: w.account,
          to: tx.to,
          data: tx.data,
          value: BigInt(tx.value),
          blockNumber: receipt.blockNumber,
        })
        .then(() => "no revert when replayed")
        .catch((error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error)));
      throw new Error(`transaction ${hash} to ${tx.to} reverted: ${reason}`);
    }
    return receipt;
  };
  /** Until `search`'s freshness says the indexer has reached `block`. */
  const indexed = async (block: bigint) => {
    const deadline = Date.now() + (p.indexTimeoutMs ?? 120_000);
    for (;;) {
      // Anonymous, so it shares the per-address rate limit: a 429 only means "ask again later".
      const r = await p.call("search", { query: "x", type: "tokens" });
      const at = (r.body.freshness as { indexed_block?: number | null } | undefined)?.indexed_block ?? -1;
      if (r.status === 200 && at >= Number(block)) return;
      if (Date.now() > deadline) throw new Error(`the indexer did not reach block ${block} in time`);
      await new Promise((done) => setTimeout(done, 250));
    }
  };

  // 2. Trading wallets: ether and USDC.
  log(
    p.accounts
      ? `funding ${wallets.length} trading wallets`
      : `funding ${wallets.length} trading wallets (anvil accounts ${base}–${base + wallets.length - 1})`,
  );
  for (const w of wallets) {
    await testClient.setBalance({ address: w.account.address, value: parseEther("100") });
    await sendTx(w, {
      to: p.deployment.contracts.usdc,
      data: encodeFaucet(w.account.address, USDC_PER_WALLET),
      value: "0",
      gasLimit: "100000",
    });
  }

  // 3. Tokens through create-token-transaction.
  const round = Date.now().toString(36).slice(-4).toUpperCase();
  const specs: { creator: DemoName; name: string; symbol: string; tags: string[]; description: string }[] = [
    {
      creator: "alice",
      name: "Moon Frog",
      symbol: "FROG",
      tags: [DEMO_TAG, "meme", "frogs"],
      description: "The frog that went to the moon.",
    },
    {
      creator: "bob",
      name: "Builder Coin",
      symbol: "BLDR",
      tags: [DEMO_TAG, "builders"],
      description: "For people who ship.",
    },
    {
      creator: "carol",
      name: "Night Owl",
      symbol: "OWL",
      tags: [DEMO_TAG, "meme"],
      description: "Trades while you sleep.",
    },
    {
      creator: "dave",
      name: "Garden DAO",
      symbol: "GRDN",
      tags: [DEMO_TAG, "dao", "green"],
      description: "A community garden, on chain.",
    },
  ];
  const tokens: DemoToken[] = [];
  for (const spec of specs) {
    const symbol = p.force ? `${spec.symbol}${round}`.slice(0, 10) : spec.symbol;
    const creator = user(spec.creator);
    const res = await api<{ transaction: Tx; metadata: { tokenId: string; addresses: { evm: Address } } }>(
      "create-token-transaction",
      {
        name: spec.name,
        symbol,
        description: spec.description,
        image: logoOf(symbol),
        chainSlug: p.deployment.chainSlug,
        userAddress: creator.trader,
        tags: spec.tags,
        links: { website: "https://example.com" },
      },
      creator.jwt,
    );
    await sendTx(walletOf(spec.creator), res.transaction);
    tokens.push({ id: res.metadata.tokenId, symbol, address: res.metadata.addresses.evm, graduated: false });
    log(`created $${symbol} (${res.metadata.tokenId}) by ${spec.creator}`);
  }
  // The tokens' launch fee (80% falling to the trade fee over 30 s, see docs/launch-fee.md) is for snipers, not for a demo:
  // the local chain's clock moves on past it before anyone trades.
  await testClient.increaseTime({ seconds: LAUNCH_FEE_WAIT_SECONDS });
  await testClient.mine({ blocks: 1 });
  await indexed(await publicClient.getBlockNumber({ cacheTime: 0 }));

  // 4. Trades through trade-token: everyone buys a little of each token, some sell part, and bob buys $FROG past
  // graduation, then erin buys it on Uniswap V3.
  const trade = async (name: DemoName, token: DemoToken, amount: Record<string, number>) => {
    const res = await api<{ transaction: Tx; approvals?: Tx[] }>(
      "trade-token",
      { tokenId: token.id, chainSlug: p.deployment.chainSlug, userAddress: user(name).trader, ...amount },
      user(name).jwt,
    );
    for (const approval of res.approvals ?? []) await sendTx(walletOf(name), approval);
    const receipt = await sendTx(walletOf(name), res.transaction);
    // trade-token quotes from the indexed pool: the next trade must see this one.
    await indexed(receipt.blockNumber);
    return receipt;
  };
  const [frog, bldr, owl, grdn] = tokens as [DemoToken, DemoToken, DemoToken, DemoToken];
  const buys: [DemoName, DemoToken, number][] = [];
  for (const [i, name] of DEMO_USERS.entries()) {
    for (const [k, token] of [frog, bldr, owl, grdn].entries()) buys.push([name, token, 50 + 37 * ((i + k) % 5)]);
  }
  let done = 0;
  for (const [name, token, usd] of buys) {
    await trade(name, token, { buyAmountUSD: usd });
    if (++done % 5 === 0) log(`trades: ${done}/${buys.length} buys`);
  }
  await indexed(await publicClient.getBlockNumber({ cacheTime: 0 }));
  for (const [name, token] of [
    ["carol", bldr],
    ["dave", owl],
    ["erin", grdn],
  ] as const) {
    await trade(name, token, { sellAmountUSD: 10 });
  }
  log("bob buys $FROG past graduation (Uniswap V3 from then on)");
  await trade("bob", frog, { buyAmountUSD: 45_000 });
  frog.graduated = true;
  await indexed(await publicClient.getBlockNumber({ cacheTime: 0 }));
  await trade("erin", frog, { buyAmountUSD: 250 });
  await trade("alice", frog, { sellAmountToken: 1000 });
  log(`trades: ${buys.length} buys, 4 sells, 2 trades on Uniswap V3`);

  // 5. Half of each trader's tokens to its wallet on record (learnt from trade-token, which defaults to it).
  for (const u of users) {
    const prepared = await api<{ trade: { userAddress: Address } }>(
      "trade-token",
      { tokenId: bldr.id, chainSlug: p.deployment.chainSlug, buyAmountUSD: 1 },
      u.jwt,
    );
    const custodial = prepared.trade.userAddress;
    const w = walletOf(u.name);
    for (const token of tokens) {
      const balance = await publicClient.readContract({
        address: token.address,
        abi: launchTokenAbi,
        functionName: "balanceOf",
        args: [w.account.address],
      });
      if (balance === 0n) continue;
      const hash = await w.writeContract({
        address: token.address,
        abi: launchTokenAbi,
        functionName: "transfer",
        args: [custodial, balance / 2n],
      });
      await publicClient.waitForTransactionReceipt({ hash });
    }
  }
  await indexed(await publicClient.getBlockNumber({ cacheTime: 0 }));
  log("moved half of each trader's tokens to its custodial wallet");

  // 6. The social graph.
  type PostOut = { post: { id: string; user: { id: string; username: string } } };
  const post = async (name: DemoName, body: Record<string, unknown>) =>
    (await api<PostOut>("create-post", body, user(name).jwt)).post;
  for (const u of users) {
    const first = await post(u.name, {
      content: `gm! ${u.name} here, trading $${tokens[DEMO_USERS.indexOf(u.name) % tokens.length]?.symbol} #${DEMO_TAG}`,
      taggedCoinId: tokens[DEMO_USERS.indexOf(u.name) % tokens.length]?.id,
    });
    u.id = first.user.id;
    u.username = first.user.username;
  }
  const follows: [DemoName, DemoName[]][] = [
    ["alice", ["bob", "carol"]],
    ["bob", ["alice", "dave"]],
    ["carol", ["alice", "bob", "dave"]],
    ["dave", ["alice"]],
    ["erin", ["alice", "bob", "carol", "dave"]],
  ];
  for (const [who, whom] of follows) {
    for (const w of whom) await api("follow-user", { user_id: user(w).id }, user(who).jwt);
  }
  const topics = await api<{ topics: { id: string; name: string }[] }>(
    "get-topics",
    { query: "Launch day" },
    user("alice").jwt,
  );
  const topic =
    topics.topics.find((t) => t.name === "Launch day") ??
    (
      await api<{ topic: { id: string } }>(
        "create-topic",
        { name: "Launch day", description: "New tokens, first trades" },
        user("alice").jwt,
      )
    ).topic;
  log(`follows: ${follows.reduce((n, [, w]) => n + w.length, 0)}; topic "Launch day"`);

  // The garden post's picture: GRDN's logo as the service stored it (served from its own origin, not an outside host).
  const gardenLogo = (await api<{ token: { logo?: string } }>("search-token", { input: grdn.id }, user("dave").jwt))
    .token.logo;
  const posts: string[] = [];
  const say: [DemoName, Record<string, unknown>][] = [
    [
      "alice",
      {
        title: "$FROG graduated!",
        content: `Thanks @${user("bob").username} for the big buy. We are on Uniswap V3 now #frogs #${DEMO_TAG}`,
        taggedCoinId: frog.id,
        topicId: topic.id,
      },
    ],
    [
      "bob",
      {
        content: `Shipping the $${bldr.symbol} roadmap this week. Builders, what should come first? #builders`,
        taggedCoinId: bldr.id,
      },
    ],
    ["carol", { content: `$${owl.symbol} chart looks bullish after the dip #meme`, taggedCoinId: owl.id }],
    [
      "dave",
      {
        content: `Planted the first seeds of the $${grdn.symbol} garden 🌱 #dao #green`,
        taggedCoinId: grdn.id,
        ...(gardenLogo
          ? { mediaData: [{ media: gardenLogo, media_type: "image", alt_text: "The garden's logo" }] }
          : {}),
      },
    ],
    [
      "erin",
      { content: `New here: which coin has the best community? @${user("alice").username} @${user("carol").username}` },
    ],
  ];
  for (const [name, body] of say) posts.push((await post(name, body)).id);
  const replies: [DemoName, number, string][] = [
    ["bob", 0, "Congrats! Holding for the long run"],
    ["carol", 0, "Bought a little more on V3"],
    ["alice", 1, "A staking page please"],
    ["erin", 4, "$FROG, no contest"],
    ["dave", 2, "Night owls unite"],
  ];
  for (const [name, parent, content] of replies) {
    posts.push((await post(name, { content, parentPostId: posts[parent] })).id);
  }
  const weightedPoll = await post("alice", {
    content: `$FROG holders: what next? #frogs`,
    taggedCoinId: frog.id,
    pollData: {
      question: "Where should $FROG go next?",
      isWeighted: true,
      options: [
        { id: "bridge", text: "Bridge to more chains", emoji: "🌉" },
        { id: "merch", text: "Merch", emoji: "👕" },
        { id: "hold", text: "Just hold", emoji: "💎" },
      ],
    },
  });
  const plainPoll = await post("carol", {
    content: "Quick one #meme",
    pollData: {
      question: "Best time to trade?",
      options: [
        { id: "am", text: "Morning" },
        { id: "pm", text: "Night" },
      ],
    },
  });
  posts.push(weightedPoll.id, plainPoll.id);
  log(`posts: ${posts.length} (${replies.length} replies, 2 polls, 1 media post) plus a greeting each`);

  // 7. Votes: posts, poll options, tokens.
  let votes = 0;
  const vote = async (name: DemoName, body: Record<string, unknown>) => {
    await api("vote", body, user(name).jwt);
    votes++;
  };
  for (const [i, id] of posts.slice(0, 10).entries()) {
    for (const [k, name] of DEMO_USERS.entries()) {
      if ((i + k) % 3 === 2) continue;
      await vote(name, { content_type: "post", content_id: id, vote_type: (i + k) % 7 === 0 ? "downvote" : "upvote" });
    }
  }
  const options = async (id: string) =>
    (await api<{ post: { poll: { options: { id: string }[] } } }>("get-post", { post_id: id }, user("alice").jwt)).post
      .poll.options;
  const weightedOptions = await options(weightedPoll.id);
  const plainOptions = await options(plainPoll.id);
  for (const [k, name] of DEMO_USERS.entries()) {
    await vote(name, {
      content_type: "poll_option",
      content_id: weightedOptions[k % 3]?.id,
      post_id: weightedPoll.id,
      vote_type: "upvote",
    });
    await vote(name, {
      content_type: "poll_option",
      content_id: plainOptions[k % 2]?.id,
      post_id: plainPoll.id,
      vote_type: "upvote",
    });
    for (const token of tokens) {
      await vote(name, {
        content_type: "token",
        content_id: token.id,
        vote_type: k === 4 && token === owl ? "downvote" : "upvote",
      });
    }
  }
  log(`votes: ${votes}`);

  // 8. Clubs: public, holders-only, invite-only.
  type ClubOut = { club: { id: string; visibility: string } };
  const club = async (name: DemoName, body: Record<string, unknown>) =>
    (await api<ClubOut>("create-club", body, user(name).jwt)).club;
  const publicClub = await club("alice", {
    name: `Frog pond ${round}`,
    description: "Everyone welcome",
    visibility: "public",
  });
  const holdersClub = await club("bob", {
    name: `Builders only ${round}`,
    description: "Hold $BLDR to enter",
    visibility: "holders",
    token_id: bldr.id,
    min_balance: "1",
  });
  const inviteClub = await club("carol", {
    name: `Owl nest ${round}`,
    description: "Invite only",
    visibility: "invite",
  });
  for (const name of ["bob", "carol", "erin"] as const)
    await api("join-club", { club_id: publicClub.id }, user(name).jwt);
  for (const name of ["alice", "dave"] as const) await api("join-club", { club_id: holdersClub.id }, user(name).jwt);
  await api("invite-to-club", { club_id: inviteClub.id, user_id: user("dave").id }, user("carol").jwt);
  await api("join-club", { club_id: inviteClub.id }, user("dave").jwt);
  await post("bob", { content: "Welcome to the pond!", clubId: publicClub.id });
  await post("alice", { content: "Holders: the roadmap vote is next week", clubId: holdersClub.id });
  await post("dave", { content: "Thanks for the invite 🦉", clubId: inviteClub.id });
  const clubs = [publicClub, holdersClub, inviteClub].map((c) => ({ id: c.id, visibility: c.visibility }));
  log("clubs: public, holders-only ($BLDR), invite-only, with members and posts");
  return { seeded: true, users, tokens, posts, clubs };
}

function encodeFaucet(to: Address, amount: bigint): Hex {
  // MockUSDC.faucet(to, amount): anyone may call it on local chains.
  return encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [to, amount] });
}

/** The transport of a running API, through the SDK (sdk/): one client per credential; a refusal is its status and body. */
export function httpTransport(apiUrl: string): DemoTransport {
  const clients = new Map<string, Client>();
  return async (name, body, token) => {
    let client = clients.get(token ?? "");
    if (!client) {
      client = createClient({ baseUrl: apiUrl, ...(token ? { token } : {}) });
      clients.set(token ?? "", client);
    }
    try {
      return { status: 200, body: (await client.call(name as Endpoint, body as never)) as Record<string, unknown> };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: error.body as Record<string, unknown> };
      throw error;
    }
  };
}

/** What a developer needs from a seeded demo: its tokens and the users' JWTs (printed here only). */
export function printDemo(
  result: SeedDemoReturnType,
  apiUrl: string,
  log = (line: string) => console.log(`[demo] ${line}`),
) {
  for (const t of result.tokens) log(`  $${t.symbol} ${t.id}${t.graduated ? " (graduated to Uniswap V3)" : ""}`);
  log("users (JWTs signed with AUTH_JWT_SECRET, the development secret by default; valid 30 days):");
  for (const u of result.users) log(`  ${u.name.padEnd(6)} ${u.jwt}`);
  log(
    `try: curl -s -X POST ${apiUrl}/functions/v1/get-posts-2 -H "authorization: Bearer <jwt>" -H 'content-type: application/json' -d '{}'`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      api: { type: "string", default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
      force: { type: "boolean", default: false },
      "wallet-base": { type: "string", default: "1" },
    },
  });
  const slug = process.env.CHAIN_SLUG ?? "base-sepolia";
  const dir = process.env.DEPLOYMENTS_DIR ?? join(process.cwd(), "deployments");
  const deployment = JSON.parse(readFileSync(join(dir, `${slug}.json`), "utf8")) as Deployment;
  const started = Date.now();
  const result = await seedDemo({
    call: httpTransport(values.api),
    rpcUrl: process.env.RPC_URL ?? "http://127.0.0.1:8545",
    deployment,
    ...(process.env.AUTH_JWT_SECRET ? { jwtSecret: process.env.AUTH_JWT_SECRET } : {}),
    walletBase: Number(values["wallet-base"]),
    force: values.force,
  });
  if (result.seeded) console.log(`[demo] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  printDemo(result, values.api);
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
