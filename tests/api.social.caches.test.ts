/**
 * The social read caches (api/services/social/post-cache.ts, windows.ts, search.ts) against a real Postgres with
 * change notifications: a repeated read costs one query, and every write shows in the next read: a vote or a reply
 * in the counters of a cached post, a new post at the top of a cached following timeline and in a cached search, an
 * unfollow, and a post whose transaction commits after a later post's.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, type Social, type SocialUser, startSocial } from "./helpers/social.js";

process.env.SOCIAL_POSTS_PER_MINUTE = "1000";

let s: Social;
let reader: SocialUser;
let author: SocialUser;
let queries = 0;

beforeAll(async () => {
  s = await startSocial();
  [reader, author] = [await s.user(), await s.user()];
  const db = s.api.deps.db;
  const query = db.query.bind(db) as (...args: unknown[]) => unknown;
  (db as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    queries++;
    return query(...args);
  };
}, 240_000);

afterAll(async () => {
  await s?.close();
});

const create = async (as: SocialUser, body: Record<string, unknown>) =>
  ((await s.ok("create-post", body, as)).post as Body).id as string;
const posts = (body: Body) => body.posts as Body[];
const ids = (body: Body) => posts(body).map((p) => p.id as string);
/** The queries a call makes (the API key or JWT is cached; the rate limiter is in Redis). */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  await s.api.deps.versions?.settled();
  queries = 0;
  const result = await fn();
  return { result, queries };
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
    const page1 = await s.ok("get-timeline-posts", { filter: "following" }, fan);
    expect(ids(page1)).toEqual([...first].reverse());

    const repeated = await counted(() => s.ok("get-timeline-posts", { filter: "following" }, fan));
    expect(repeated.result).toEqual(page1);
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
