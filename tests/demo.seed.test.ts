/**
 * The demo seed (scripts/seed-demo.ts) against the test chain, this file's own indexer and the API in process: the
 * demo must be visible through the endpoints a new user would call. Its five trading wallets are this file's own
 * (fundedWallets).
 */
import type { LocalAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoTransport, httpTransport, type SeedDemoReturnType, seedDemo } from "../scripts/seed-demo.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { chain, fundedWallets } from "./helpers/chain.js";
import { type Served, serveWithStreams } from "./helpers/streams.js";

type Api = Awaited<ReturnType<typeof createTestApi>>;
type Indexer = Awaited<ReturnType<typeof startTestIndexer>>;
type Post = {
  id: string;
  content: string;
  user: { username: string };
  upvote_count: number;
  downvote_count: number;
  weighted_upvotes: number;
  poll: { options: { upvotes?: number; weighted_upvotes?: number }[] } | null;
  [key: string]: unknown;
};

let indexer: Indexer;
let api: Api;
let demo: SeedDemoReturnType;
/** The five trading wallets: this file's own. */
let accounts: LocalAccount[];

/** The seed calls a served API over HTTP through the SDK, as `npm start -- --demo` does (scripts/dev.ts). */
let call: DemoTransport;
let served: Served;
const jwtOf = (name: string) => demo.users.find((u) => u.name === name)?.jwt as string;

beforeAll(async () => {
  indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema });
  served = await serveWithStreams(api.app, api.deps);
  call = httpTransport(served.url);
  const c = chain();
  accounts = (await fundedWallets(c, 5)).map((w) => w.account);
  demo = await seedDemo({
    call,
    rpcUrl: c.rpcUrl,
    deployment: c.deployment,
    jwtSecret: api.config.jwtSecret,
    accounts,
    log: () => {},
  });
}, 300_000);

afterAll(async () => {
  await served?.close();
  await api?.close();
  await indexer?.close();
});

describe("demo seed", () => {
  it("creates tokens that are found, traded and held, one of them graduated to Uniswap V3", async () => {
    expect(demo.seeded).toBe(true);
    expect(demo.tokens).toHaveLength(4);
    const tagged = await call("get-hashtag-token", { hashtag_name: "#demo" }, jwtOf("erin"));
    expect(tagged.status).toBe(200);
    for (const t of demo.tokens) {
      const found = await call("search-token", { input: t.symbol }, jwtOf("erin"));
      expect(found.status).toBe(200);
      expect((found.body.token as { id: string }).id).toBe(t.id);
      const trades = await call("get-token-trades", { tokenId: t.id }, jwtOf("erin"));
      expect(trades.status).toBe(200);
      expect((trades.body.trades as unknown[]).length).toBeGreaterThanOrEqual(5);
    }
    const frog = demo.tokens.find((t) => t.graduated);
    expect(frog?.symbol).toBe("FROG");
    const pool = await call("get-pool-data", { tokenId: frog?.id }, jwtOf("erin"));
    const data = pool.body.pool_data as { is_graduated: boolean; venue: string; v3_pool: { address: string } | null };
    expect(data.is_graduated).toBe(true);
    expect(data.venue).toBe("uniswap_v3");
    expect(data.v3_pool?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const trades = await call("get-token-trades", { tokenId: frog?.id, limit: 100 }, jwtOf("erin"));
    const venues = (trades.body.trades as { venue: string }[]).map((t) => t.venue);
    expect(venues).toContain("uniswap_v3");
    expect(venues).toContain("bonding_curve");
  });

  it("shows posts in the ranked feed and in the following timeline", async () => {
    const ranked = await call("get-posts-2", { limit: 50 }, jwtOf("erin"));
    expect(ranked.status).toBe(200);
    const posts = ranked.body.posts as Post[];
    expect(posts.length).toBeGreaterThanOrEqual(10);
    expect(posts.some((p) => p.content.includes("Uniswap V3"))).toBe(true);
    // Replies and club posts stay out of the global feed.
    expect(posts.some((p) => p.content === "Welcome to the pond!")).toBe(false);
    const timeline = await call("get-timeline-posts", { filter: "following", limit: 50 }, jwtOf("dave"));
    const authors = new Set((timeline.body.posts as Post[]).map((p) => p.user.username));
    expect([...authors]).toEqual(["alice"]);
  });

  it("gives its users their names, pictures and bios, which a token's creator shows", async () => {
    expect(demo.users.map((u) => u.username)).toEqual(["alice", "bob", "carol", "dave", "erin"]);
    const me = await call("get-me", {}, jwtOf("alice"));
    const profile = me.body.user as { username: string; profile_picture: string; bio: string };
    expect(profile.username).toBe("alice");
    expect(profile.bio.length).toBeGreaterThan(0);
    const picture = await api.app.request(new URL(profile.profile_picture).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/svg+xml");
    const frog = demo.tokens.find((t) => t.symbol === "FROG");
    const found = await call("search-token", { input: frog?.id }, jwtOf("erin"));
    expect((found.body.token as { creator: { username: string } | null }).creator?.username).toBe("alice");
  });

  it("counts votes, weighted by the voters' holdings, on posts, poll options and tokens", async () => {
    const first = await call("get-post", { post_id: demo.posts[0] }, jwtOf("erin"));
    const post = first.body.post as Post;
    expect(post.upvote_count).toBeGreaterThan(0);
    expect(post.weighted_upvotes).toBeGreaterThan(0);
    const poll = await call("get-post", { post_id: demo.posts.at(-2) }, jwtOf("erin"));
    const options = (poll.body.post as Post).poll?.options ?? [];
    expect(options).toHaveLength(3);
    expect(options.reduce((n, o) => n + Number(o.upvotes ?? 0), 0)).toBe(5);
    const tokenVote = await call(
      "vote",
      { content_type: "token", content_id: demo.tokens[0]?.id, vote_type: "upvote" },
      jwtOf("erin"),
    );
    // erin voted up already: the same vote again withdraws it, from a tally of five upvotes.
    expect((tokenVote.body.vote as { action: string; upvotes: number }).action).toBe("removed");
    expect((tokenVote.body.vote as { upvotes: number }).upvotes).toBe(4);
  });

  it("lists clubs of each visibility, and keeps the invite-only club closed to non-members", async () => {
    const forErin = await call("get-clubs", { limit: 100 }, jwtOf("erin"));
    const visible = (forErin.body.clubs as { id: string }[]).map((c) => c.id);
    const [pub, holders, invite] = demo.clubs;
    expect(visible).toContain(pub?.id);
    expect(visible).toContain(holders?.id);
    expect(visible).not.toContain(invite?.id);
    const forDave = await call("get-clubs", { limit: 100 }, jwtOf("dave"));
    expect((forDave.body.clubs as { id: string }[]).map((c) => c.id)).toContain(invite?.id);
    const members = await call("get-club-posts", { club_id: invite?.id }, jwtOf("dave"));
    expect((members.body.posts as Post[]).map((p) => p.content)).toEqual(["Thanks for the invite 🦉"]);
    const outsider = await call("get-club-posts", { club_id: invite?.id }, jwtOf("erin"));
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toBe("Access denied: no permission to view this club");
    const holdersPosts = await call("get-club-posts", { club_id: holders?.id }, jwtOf("alice"));
    expect(holdersPosts.status).toBe(200);
  });

  it("does nothing on a second run without --force", async () => {
    const again = await seedDemo({
      call,
      rpcUrl: chain().rpcUrl,
      deployment: chain().deployment,
      jwtSecret: api.config.jwtSecret,
      accounts,
      log: () => {},
    });
    expect(again.seeded).toBe(false);
    expect(again.users.map((u) => u.name)).toEqual(["alice", "bob", "carol", "dave", "erin"]);
  });
});
