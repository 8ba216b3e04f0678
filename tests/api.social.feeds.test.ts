/**
 * Feeds and follows: get-posts-2 (ranking, pagination shape, token filter), get-timeline-posts (all, following),
 * get-token-posts (category, sort, filter, view_filter), follow-user / unfollow-user / get-followers /
 * get-following, keyset cursors that neither repeat nor skip a post while new posts are inserted, and the
 * per-process caches behind the feeds and post search.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, type Social, type SocialUser, startSocial } from "./helpers/social.js";

// These tests write many posts per author: the per-user post limit has its own test (api.social.posts).
process.env.SOCIAL_POSTS_PER_MINUTE = "1000";

let s: Social;
let alice: SocialUser;
let bob: SocialUser;
let carol: SocialUser;

beforeAll(async () => {
  s = await startSocial();
  [alice, bob, carol] = [await s.user(), await s.user(), await s.user()];
}, 240_000);

afterAll(async () => {
  await s?.close();
});

const create = async (as: SocialUser, body: Record<string, unknown>) =>
  ((await s.ok("create-post", body, as)).post as Body).id as string;
const ids = (body: Body) => (body.posts as Body[]).map((p) => p.id as string);

/** Page through `endpoint` with cursors, calling `between` after each page; returns every id seen, in order. */
async function pageAll(endpoint: string, body: Record<string, unknown>, as: SocialUser, between?: () => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await s.ok(endpoint, { ...body, ...(cursor ? { cursor } : {}) }, as);
    seen.push(...ids(page));
    cursor = (page.pagination as Body).next_cursor as string | undefined;
    if (!cursor) return seen;
    await between?.();
  }
  throw new Error("did not reach the last page");
}

describe("get-posts-2", () => {
  it("ranks by weighted votes and replies, then recency, with the pagination of the spec", async () => {
    const token = await s.token("Ranky", "RNK");
    const old = await create(alice, { content: "old but loved", taggedCoinId: token.id });
    const mid = await create(alice, { content: "middle", taggedCoinId: token.id });
    const fresh = await create(alice, { content: "fresh", taggedCoinId: token.id });
    for (const voter of [bob, carol]) {
      await s.ok("vote", { content_id: old, content_type: "post", vote_type: "upvote" }, voter);
    }
    await create(bob, { content: "reply", parentPostId: old });
    const page = await s.ok("get-posts-2", { token_id: token.id }, alice);
    expect(ids(page)).toEqual([old, fresh, mid]);
    expect(page.pagination).toEqual({ limit: 10, offset: 0, total_returned: 3, has_more: false, next_cursor: null });
    const scores = (page.posts as Body[]).map((p) => p.score as number);
    expect(scores[0]).toBeGreaterThan(scores[1] ?? 0);

    const first = await s.ok("get-posts-2", { token_id: token.id, limit: 2 }, alice);
    expect(ids(first)).toEqual([old, fresh]);
    expect(first.pagination).toMatchObject({ limit: 2, offset: 0, total_returned: 2, has_more: true });
    const second = await s.ok("get-posts-2", { token_id: token.id, limit: 2, offset: 2 }, alice);
    expect(ids(second)).toEqual([mid]);
    expect(second.pagination).toMatchObject({ offset: 2, total_returned: 1, has_more: false, next_cursor: null });
    const byCursor = await s.ok(
      "get-posts-2",
      { token_id: token.id, limit: 2, cursor: (first.pagination as Body).next_cursor },
      alice,
    );
    expect(ids(byCursor)).toEqual([mid]);
  });

  it("a downvoted post sinks below newer ones", async () => {
    const token = await s.token("Sinky", "SNK");
    const bad = await create(alice, { content: "bad take", taggedCoinId: token.id });
    const neutral = await create(alice, { content: "ok take", taggedCoinId: token.id });
    await s.ok("vote", { content_id: neutral, content_type: "post", vote_type: "downvote" }, carol);
    await s.ok("vote", { content_id: neutral, content_type: "post", vote_type: "downvote" }, carol);
    for (const voter of [bob, carol]) {
      await s.ok("vote", { content_id: bad, content_type: "post", vote_type: "downvote" }, voter);
    }
    expect(ids(await s.ok("get-posts-2", { token_id: token.id }, alice))).toEqual([neutral, bad]);
  });

  it.each([
    [{ limit: 0 }, 400, "Invalid limit: Too small: expected number to be >=1"],
    [{ limit: 101 }, 400, "Invalid limit: Too big: expected number to be <=100"],
    [{ offset: -1 }, 400, "Invalid offset: Too small: expected number to be >=0"],
    [{ token_id: "x" }, 400, "Invalid token_id: Invalid UUID"],
    [{ token_id: randomUUID() }, 404, "Token not found"],
    [{ cursor: "garbage" }, 400, "Invalid cursor"],
    [
      { cursor: Buffer.from(JSON.stringify({ o: "new", s: "1" })).toString("base64url") },
      400,
      "Invalid cursor: it belongs to another feed or sort (new)",
    ],
  ])("rejects %j with %i %s", async (body, status, error) => {
    expect(await s.call("get-posts-2", body, alice)).toEqual({ status, body: { success: false, error } });
  });
});

describe("pagination while posts arrive", () => {
  it("a keyset cursor never repeats or skips a post of the ranked feed", async () => {
    const token = await s.token("Pagey", "PAG");
    const initial: string[] = [];
    for (let i = 0; i < 23; i++) initial.push(await create(alice, { content: `p${i}`, taggedCoinId: token.id }));
    // Some engagement, so the ranking is not plain recency.
    await s.ok("vote", { content_id: initial[3], content_type: "post", vote_type: "upvote" }, bob);
    await s.ok("vote", { content_id: initial[9], content_type: "post", vote_type: "downvote" }, bob);
    let n = 0;
    const seen = await pageAll("get-posts-2", { token_id: token.id, limit: 4 }, alice, async () => {
      for (let i = 0; i < 3; i++) await create(bob, { content: `new ${n++}`, taggedCoinId: token.id });
    });
    expect(n).toBeGreaterThan(10);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of initial) expect(seen).toContain(id);
  });

  it("a keyset cursor never repeats or skips a post of the timeline; offsets would repeat", async () => {
    const reader = await s.user();
    const writer = await s.user();
    await s.ok("follow-user", { user_id: writer.id }, reader);
    const initial: string[] = [];
    for (let i = 0; i < 17; i++) initial.push(await create(writer, { content: `t${i}` }));
    const seen = await pageAll("get-timeline-posts", { filter: "following", limit: 5 }, reader, async () => {
      await create(writer, { content: "meanwhile" });
      await create(writer, { content: "meanwhile again" });
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of initial) expect(seen).toContain(id);

    // The same with offsets shows the problem the cursor solves: an insert shifts the next page by one.
    const page1 = ids(await s.ok("get-timeline-posts", { filter: "following", limit: 5 }, reader));
    await create(writer, { content: "shift" });
    const page2 = ids(await s.ok("get-timeline-posts", { filter: "following", limit: 5, offset: 5 }, reader));
    expect(page2[0]).toBe(page1[4]);
  });
});

describe("following many accounts", () => {
  it("past 100 followees the following timeline walks newest posts instead, with the same pages", async () => {
    const reader = await s.user();
    const authors: SocialUser[] = [];
    for (let i = 0; i < 102; i++) authors.push(await s.user());
    // Following by SQL: follow-user 102 times would only add notifications to this test.
    const db = s.api.deps.db;
    const schema = s.api.appSchema;
    const followed = authors.slice(0, 101);
    await db.query(`INSERT INTO ${schema}.follows (follower_id, followee_id) SELECT $1, unnest($2::uuid[])`, [
      reader.id,
      followed.map((a) => a.id),
    ]);
    const posted: string[] = [];
    for (const [i, a] of authors.entries()) {
      const id = await create(a, { content: `many ${i}` });
      if (i < 101) posted.push(id);
    }
    await create(followed[0] as SocialUser, { content: "a reply is not in timelines", parentPostId: posted[0] });
    const newestFirst = [...posted].reverse();
    expect(await pageAll("get-timeline-posts", { filter: "following", limit: 7 }, reader)).toEqual(newestFirst);
    const page = await s.ok("get-timeline-posts", { filter: "following", limit: 7, offset: 7 }, reader);
    expect(ids(page)).toEqual(newestFirst.slice(7, 14));
    expect((page.pagination as Body).has_more).toBe(true);
  });
});

describe("following a few accounts", () => {
  it("reads each followee's posts from a lower bound of the page, with the pages of a plain sort", async () => {
    const authors: SocialUser[] = [];
    for (let i = 0; i < 6; i++) authors.push(await s.user());
    const readers = [await s.user(), await s.user(), await s.user()];
    const db = s.api.deps.db;
    const schema = s.api.appSchema;
    const followed = authors.slice(0, 5).map((a) => a.id);
    for (const reader of readers) {
      await db.query(`INSERT INTO ${schema}.follows (follower_id, followee_id) SELECT $1, unnest($2::uuid[])`, [
        reader.id,
        followed,
      ]);
    }
    // Five followees, each with at least 25 posts (one with 56), and one not followed, interleaved: every page below
    // reads each followee's newest ceil(bound / 5) posts and finds at least `bound` of them, so the lower bound is
    // above the oldest post; 160 posts are more than a window holds.
    const plan: number[] = [];
    for (let i = 0; i < 150; i++) plan.push(i % 3 === 0 && plan.filter((a) => a === 0).length < 50 ? 0 : 1 + (i % 5));
    // The newest in turn: no followee has more than ceil(21 / 5) of the newest 21, so the first page's bound is
    // exactly its last post (a bound one post higher would lose it).
    for (let i = 0; i < 36; i++) plan.push(i % 6);
    await db.query(
      `INSERT INTO ${schema}.posts (user_id, content)
       SELECT t.u, 'few ' || t.n FROM unnest($1::uuid[]) WITH ORDINALITY AS t(u, n) ORDER BY t.n`,
      [plan.map((a) => (authors[a] as SocialUser).id)],
    );
    const { rows } = await db.query<{ id: string; user_id: string }>(
      `SELECT p.id, p.user_id FROM ${schema}.posts p JOIN ${schema}.follows f ON f.followee_id = p.user_id AND f.follower_id = $1
        WHERE p.parent_post_id IS NULL AND p.club_id IS NULL ORDER BY p.seq DESC`,
      [readers[0]?.id],
    );
    const expected = rows.map((r) => r.id);
    for (const id of followed) expect(rows.filter((r) => r.user_id === id).length).toBeGreaterThanOrEqual(25);
    expect(expected.length).toBeGreaterThan(101);
    /** A page's ids, checked for `has_more` (the page's one more row is the bound's last). */
    const page = async (reader: SocialUser, limit: number, offset: number) => {
      const body = await s.ok("get-timeline-posts", { filter: "following", limit, offset }, reader);
      expect((body.pagination as Body).has_more).toBe(offset + limit < expected.length);
      return ids(body);
    };
    const [first, second, third] = readers as [SocialUser, SocialUser, SocialUser];
    // First asks read Postgres: a page of 20, a page at an offset, the largest page.
    expect(await page(first, 20, 0)).toEqual(expected.slice(0, 20));
    expect(await page(second, 7, 20)).toEqual(expected.slice(20, 27));
    expect(await page(third, 100, 0)).toEqual(expected.slice(0, 100));
    // The second ask makes the window (101 posts, through the same bound); pages past it read Postgres again.
    expect(await page(first, 20, 0)).toEqual(expected.slice(0, 20));
    expect(await page(first, 3, 5)).toEqual(expected.slice(5, 8));
    expect(await page(first, 30, 100)).toEqual(expected.slice(100, 130));
    // Cursor pages.
    expect(await pageAll("get-timeline-posts", { filter: "following", limit: 4 }, second)).toEqual(expected);
  });
});

describe("follows and get-timeline-posts", () => {
  it("follows, lists followers and following, and unfollows", async () => {
    const fan = await s.user();
    const star = await s.user();
    expect(await s.ok("follow-user", { user_id: star.id }, fan)).toEqual({
      success: true,
      user_id: star.id,
      following: true,
      follower_count: 1,
    });
    await s.ok("follow-user", { user_id: star.id }, fan);
    const followers = await s.ok("get-followers", { user_id: star.id }, fan);
    expect(followers).toMatchObject({
      user_id: star.id,
      total: 1,
      users: [{ id: fan.id, username: fan.username, profile_picture: "", followed_at: expect.any(String) }],
      pagination: { limit: 20, offset: 0, has_more: false },
    });
    const following = await s.ok("get-following", {}, fan);
    expect((following.users as Body[]).map((u) => u.id)).toEqual([star.id]);
    const notes = (await s.ok("get-notifications", {}, star)).notifications as Body[];
    expect(notes.filter((n) => n.kind === "follow")).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ id: fan.id }), post_id: null }),
    ]);
    expect(await s.ok("unfollow-user", { user_id: star.id }, fan)).toMatchObject({
      following: false,
      follower_count: 0,
    });
  });

  it.each([
    ["follow-user", "self", 400, "You cannot follow yourself"],
    ["follow-user", "unknown", 404, "User not found"],
    ["unfollow-user", "unknown", 404, "User not found"],
    ["get-followers", "unknown", 404, "User not found"],
    ["follow-user", "missing", 400, "Missing required fields: user_id"],
  ])("%s with %s user: %i %s", async (endpoint, who, status, error) => {
    const body = who === "self" ? { user_id: alice.id } : who === "unknown" ? { user_id: randomUUID() } : {};
    expect(await s.call(endpoint, body, alice)).toEqual({ status, body: { success: false, error } });
  });

  it("following shows only followed authors' top-level posts, newest first; all shows everyone", async () => {
    const reader = await s.user();
    const followed = await s.user();
    const stranger = await s.user();
    await s.ok("follow-user", { user_id: followed.id }, reader);
    const a = await create(followed, { content: "one" });
    await create(stranger, { content: "not followed" });
    const b = await create(followed, { content: "two" });
    await create(followed, { content: "a reply is not in timelines", parentPostId: a });
    const page = await s.ok("get-timeline-posts", { filter: "following" }, reader);
    expect(ids(page)).toEqual([b, a]);
    expect(page.pagination).toEqual({ limit: 20, offset: 0, has_more: false, next_cursor: null });
    const all = ids(await s.ok("get-timeline-posts", { limit: 3 }, reader));
    expect(all).toHaveLength(3);
    expect(all[0]).toBe(b);
    expect(await s.call("get-timeline-posts", { filter: "friends" }, reader)).toEqual({
      status: 400,
      body: { success: false, error: "Invalid filter value. Must be one of: following, all" },
    });
    expect(await s.call("get-timeline-posts", {})).toEqual({
      status: 401,
      body: { success: false, error: "Missing authorization header" },
    });
  });
});

describe("get-token-posts", () => {
  it("filters by category, sorts, and narrows to my posts, my replies or followed authors", async () => {
    const coin = await s.token("Topicky", "TPK");
    const poll = await create(alice, {
      content: "poll",
      taggedCoinId: coin.id,
      pollData: {
        question: "?",
        options: [
          { id: "1", text: "a" },
          { id: "2", text: "b" },
        ],
      },
    });
    const media = await create(bob, { taggedCoinId: coin.id, mediaData: [{ media: "https://x.example/a.png" }] });
    const plain = await create(carol, { content: "plain", taggedCoinId: coin.id });
    const reply = await create(alice, { content: "my reply", parentPostId: plain });
    // Engagement: poll 3 upvotes, plain 1 reply (worth 2), media 1 downvote.
    for (const voter of [alice, bob, carol]) {
      await s.ok("vote", { content_id: poll, content_type: "post", vote_type: "upvote" }, voter);
    }
    await s.ok("vote", { content_id: media, content_type: "post", vote_type: "downvote" }, carol);

    const list = async (body: Record<string, unknown>, as: SocialUser = alice) =>
      s.ok("get-token-posts", { token_id: coin.id, ...body }, as);
    const timeline = await list({});
    expect(ids(timeline)).toEqual([plain, media, poll]);
    expect(timeline.total).toBe(3);
    expect(timeline.pagination).toEqual({ limit: 20, offset: 0, has_more: false, next_cursor: null });
    expect(ids(await list({ category: "polls" }))).toEqual([poll]);
    expect(ids(await list({ category: "media" }))).toEqual([media]);
    expect(ids(await list({ sort: "popular" }))).toEqual([poll, plain, media]);
    expect(ids(await list({ sort: "trending" }))[0]).toBe(poll);
    expect(ids(await list({ view_filter: "my_posts" }))).toEqual([poll]);
    expect(ids(await list({ view_filter: "my_replies" }))).toEqual([reply]);
    const follower = await s.user();
    await s.ok("follow-user", { user_id: bob.id }, follower);
    expect(ids(await list({ filter: "following" }, follower))).toEqual([media]);
    const paged = await list({ limit: 2 });
    expect(paged.total).toBe(3);
    expect((paged.pagination as Body).has_more).toBe(true);
    expect(ids(await list({ limit: 2, cursor: (paged.pagination as Body).next_cursor }))).toEqual([poll]);
  });

  it.each([
    [{ category: "videos" }, "Invalid category value. Must be one of: timelines, polls, media"],
    [{ sort: "hot" }, "Invalid sort value. Must be one of: trending, new, popular"],
    [{ filter: "mine" }, "Invalid filter value. Must be one of: following, all"],
    [{ view_filter: "my_likes" }, "Invalid view_filter value. Must be one of: my_posts, my_replies"],
    [{ limit: 101 }, "Invalid limit: Too big: expected number to be <=100"],
  ])("rejects %j", async (body, error) => {
    expect(await s.call("get-token-posts", body, alice)).toEqual({ status: 400, body: { success: false, error } });
  });

  it("answers 404 for an unknown token", async () => {
    expect(await s.call("get-token-posts", { token_id: randomUUID() }, alice)).toEqual({
      status: 404,
      body: { success: false, error: "Token not found" },
    });
  });
});

/**
 * The per-process caches (api/services/social/post-cache.ts, windows.ts, search.ts) with change notifications: a
 * repeated read costs one query, and every write shows in the next read: a vote or a reply in the counters of a
 * cached post, a new post at the top of a cached following timeline and in a cached search, an unfollow, and a post
 * whose transaction commits after a later post's.
 */
describe("per-process caches", () => {
  let reader: SocialUser;
  let author: SocialUser;
  let queries = 0;
  /** The names of the named statements since the last count ("" for others). */
  let names: string[] = [];

  beforeAll(async () => {
    [reader, author] = [await s.user(), await s.user()];
    const db = s.api.deps.db;
    const query = db.query.bind(db) as (...args: unknown[]) => unknown;
    (db as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      queries++;
      const first = args[0] as string | { name?: string };
      names.push(typeof first === "string" ? "" : (first.name ?? ""));
      return query(...args);
    };
  });

  const posts = (body: Body) => body.posts as Body[];
  /** The queries a call makes (the API key or JWT is cached; the rate limiter is in Redis). */
  async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number; names: string[] }> {
    await s.api.deps.versions?.settled();
    queries = 0;
    names = [];
    const result = await fn();
    return { result, queries, names };
  }

  describe("cached post views", () => {
    it("show a vote and a reply in the next read, and answer a repeated read with one query", async () => {
      const token = await s.token("Cached", "CCH");
      const post = await create(author, { content: `cached counters ${randomUUID()}`, taggedCoinId: token.id });
      const first = await s.ok("get-posts-2", { token_id: token.id }, reader);
      expect(posts(first)[0]).toMatchObject({ id: post, upvote_count: 0, reply_count: 0, user_vote: null });

      const again = await counted(() => s.ok("get-posts-2", { token_id: token.id }, reader));
      expect(again.result).toEqual(first);
      // The page with the viewer's parts; the token known to exist and the post itself from memory.
      expect(again.queries).toBe(1);

      await s.ok("vote", { content_id: post, content_type: "post", vote_type: "upvote" }, reader);
      await create(reader, { content: "a reply", parentPostId: post });
      const after = await s.ok("get-posts-2", { token_id: token.id }, reader);
      expect(posts(after)[0]).toMatchObject({ id: post, upvote_count: 1, reply_count: 1, user_vote: "upvote" });
      // Another viewer sees the same counters and no vote of theirs.
      const other = await s.ok("get-posts-2", { token_id: token.id }, author);
      expect(posts(other)[0]).toMatchObject({ id: post, upvote_count: 1, reply_count: 1, user_vote: null });
    });
  });

  describe("cached following timelines", () => {
    it("add new posts on top, drop an unfollowed account and answer a repeated read with one query", async () => {
      const fan = await s.user();
      const [a, b] = [await s.user(), await s.user()];
      await s.ok("follow-user", { user_id: a.id }, fan);
      await s.ok("follow-user", { user_id: b.id }, fan);
      const first = [await create(a, { content: "a1" }), await create(b, { content: "b1" })];
      // The first ask reads its page alone; the second makes the viewer's window; a repeat after it is one query.
      const isWindow = (name: string) => name.startsWith("timeline-window:");
      const page1 = await counted(() => s.ok("get-timeline-posts", { filter: "following" }, fan));
      expect(ids(page1.result)).toEqual([...first].reverse());
      expect(page1.names.filter(isWindow)).toEqual([]);
      const windowed = await counted(() => s.ok("get-timeline-posts", { filter: "following" }, fan));
      expect(windowed.result).toEqual(page1.result);
      expect(windowed.names.filter(isWindow)).toHaveLength(1);
      const repeated = await counted(() => s.ok("get-timeline-posts", { filter: "following" }, fan));
      expect(repeated.result).toEqual(page1.result);
      expect(repeated.queries).toBe(1);

      const newer = await create(a, { content: "a2" });
      const page2 = await s.ok("get-timeline-posts", { filter: "following", limit: 2 }, fan);
      expect(ids(page2)).toEqual([newer, first[1]]);
      expect((page2.pagination as Body).has_more).toBe(true);

      await s.ok("unfollow-user", { user_id: a.id }, fan);
      const page3 = await s.ok("get-timeline-posts", { filter: "following" }, fan);
      expect(ids(page3)).toEqual([first[1]]);
    });

    it("find a post whose transaction commits after a later post's", async () => {
      const fan = await s.user();
      const slow = await s.user();
      const quick = await s.user();
      await s.ok("follow-user", { user_id: slow.id }, fan);
      await s.ok("follow-user", { user_id: quick.id }, fan);
      await s.ok("get-timeline-posts", { filter: "following" }, fan);
      // The slow post takes its sequence number first and commits last.
      const client = await s.api.deps.db.connect();
      try {
        await client.query("BEGIN");
        const held = await client.query<{ id: string }>(
          `INSERT INTO ${s.api.appSchema}.posts (user_id, content) VALUES ($1, 'slow commit') RETURNING id`,
          [slow.id],
        );
        const fast = await create(quick, { content: "quick commit" });
        expect(ids(await s.ok("get-timeline-posts", { filter: "following" }, fan))).toEqual([fast]);
        await client.query("COMMIT");
        const slowId = held.rows[0]?.id as string;
        expect(ids(await s.ok("get-timeline-posts", { filter: "following" }, fan))).toEqual([fast, slowId]);
      } finally {
        client.release();
      }
    });
  });

  describe("cached search candidates", () => {
    it("include a post created after the query was first answered, and answer a repeat with the views only", async () => {
      const word = `zq${randomUUID().slice(0, 8)}`;
      const old = await create(author, { content: `an ${word} to find` });
      const first = await s.ok("search", { query: word, type: "posts" }, reader);
      expect(((first.results as Body).posts as Body[]).map((p) => p.id)).toEqual([old]);

      const repeated = await counted(() => s.ok("search", { query: word, type: "posts" }, reader));
      expect(repeated.result).toEqual(first);
      // The candidates and the posts' shared parts from memory: one query for the viewer's parts.
      expect(repeated.queries).toBe(1);

      const fresh = await create(author, { content: `another ${word} here`, title: word });
      const after = await s.ok("search", { query: word, type: "posts" }, reader);
      // The title match ranks the new post first.
      expect(((after.results as Body).posts as Body[]).map((p) => p.id)).toEqual([fresh, old]);
    });
  });
});
