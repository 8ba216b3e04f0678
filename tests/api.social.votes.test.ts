/**
 * vote against the real API, indexer and chain: created / updated / removed on each content type, weights from
 * indexed balances (never from the client), the flash-vote guard of poll snapshots, single-choice polls, vote
 * notifications, validation messages and the per-user vote limit.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";
import { logShapes } from "./helpers/streams.js";

let s: Social;
let holder: SocialUser;
let author: SocialUser;
let newcomer: SocialUser;
let coin: Awaited<ReturnType<Social["token"]>>;
let other: Awaited<ReturnType<Social["token"]>>;

beforeAll(async () => {
  s = await startSocial();
  [holder, author, newcomer] = [await s.user(), await s.user(), await s.user()];
  coin = await s.token("Votey", "VOT");
  other = await s.token("Othery", "OTH");
  await s.buy(holder, coin.address, 100n * USDC);
}, 240_000);

afterAll(async () => {
  await s?.close();
});

const vote = async (as: SocialUser, body: Record<string, unknown>) => (await s.ok("vote", body, as)).vote as Body;
const whole = (wei: bigint) => Number(wei) / 1e18;

describe("vote on a token", () => {
  it("weighs the voter's indexed balance; same type removes, opposite switches", async () => {
    const balance = await s.balance(holder, coin.address);
    expect(balance).toBeGreaterThan(0n);
    const created = await vote(holder, { content_id: coin.id, content_type: "token", vote_type: "upvote" });
    expect(created).toMatchObject({
      content_id: coin.id,
      content_type: "token",
      action: "created",
      vote_type: "upvote",
      weight_wei: balance.toString(),
      voting_token_id: coin.id,
      upvotes: 1,
      downvotes: 0,
      weighted_upvotes_wei: balance.toString(),
      weighted_downvotes_wei: "0",
    });
    expect(created.weight).toBeCloseTo(whole(balance), 6);
    expect(created.weighted_upvotes).toBeCloseTo(whole(balance), 6);

    const switched = await vote(holder, { content_id: coin.id, content_type: "token", vote_type: "downvote" });
    expect(switched).toMatchObject({
      id: created.id,
      action: "updated",
      vote_type: "downvote",
      upvotes: 0,
      downvotes: 1,
      weighted_upvotes_wei: "0",
      weighted_downvotes_wei: balance.toString(),
    });

    const removed = await vote(holder, { content_id: coin.id, content_type: "token", vote_type: "downvote" });
    expect(removed).toMatchObject({
      id: created.id,
      action: "removed",
      vote_type: "downvote",
      weight: 0,
      weight_wei: "0",
      upvotes: 0,
      downvotes: 0,
      weighted_downvotes_wei: "0",
    });
  });

  it("weighs a voter without holdings 0, and uses voting_token_id when given", async () => {
    const none = await vote(newcomer, { content_id: coin.id, content_type: "token", vote_type: "upvote" });
    expect(none).toMatchObject({ action: "created", weight: 0, weight_wei: "0", upvotes: 1 });
    const byOther = await vote(holder, {
      content_id: other.id,
      content_type: "token",
      vote_type: "upvote",
      voting_token_id: coin.id,
    });
    expect(byOther).toMatchObject({
      voting_token_id: coin.id,
      weight_wei: (await s.balance(holder, coin.address)).toString(),
    });
  });

  it("ignores a weight sent by the client", async () => {
    const res = await vote(author, {
      content_id: other.id,
      content_type: "token",
      vote_type: "upvote",
      weight: 1e30,
      weight_wei: "1000000000000000000000000000000",
    });
    expect(res).toMatchObject({ weight: 0, weight_wei: "0" });
  });
});

describe("vote on a post", () => {
  it("weighs holdings of the post's coin, counts on the post, and notifies the author once", async () => {
    const post = (await s.ok("create-post", { content: "vote me", taggedCoinId: coin.id }, author)).post as Body;
    const balance = await s.balance(holder, coin.address);
    const up = await vote(holder, { content_id: post.id, content_type: "post", vote_type: "upvote" });
    expect(up).toMatchObject({ action: "created", voting_token_id: coin.id, weight_wei: balance.toString() });
    await vote(holder, { content_id: post.id, content_type: "post", vote_type: "upvote" });
    await vote(holder, { content_id: post.id, content_type: "post", vote_type: "upvote" });
    const seen = (await s.ok("get-post", { post_id: post.id }, holder)).post as Body;
    expect(seen).toMatchObject({ upvote_count: 1, downvote_count: 0, user_vote: "upvote" });
    expect(seen.weighted_upvotes_wei).toBe(balance.toString());
    const notes = ((await s.ok("get-notifications", {}, author)).notifications as Body[]).filter(
      (n) => n.kind === "vote" && n.post_id === post.id,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.actor).toMatchObject({ id: holder.id });
  });

  it("a post without a coin weighs 0", async () => {
    const post = (await s.ok("create-post", { content: "no coin" }, author)).post as Body;
    expect(await vote(holder, { content_id: post.id, content_type: "post", vote_type: "downvote" })).toMatchObject({
      weight: 0,
      voting_token_id: null,
      downvotes: 1,
    });
  });
});

describe("vote on a livestream", () => {
  it("weighs the livestream's token", async () => {
    const stream = (await s.ok("create-livestream", { title: "gm", token_id: coin.id }, author)).livestream as Body;
    const res = await vote(holder, { content_id: stream.id, content_type: "livestream", vote_type: "upvote" });
    expect(res).toMatchObject({ action: "created", upvotes: 1, voting_token_id: coin.id });
    const read = (await s.ok("get-livestream", { livestream_id: stream.id }, author)).livestream as Body;
    expect(read).toMatchObject({ upvotes: 1, weighted_upvotes_wei: res.weight_wei });
  });
});

describe("vote on a poll option", () => {
  const pollBody = (isWeighted: boolean) => ({
    content: "poll",
    taggedCoinId: coin.id,
    pollData: {
      question: "Up only?",
      isWeighted,
      options: [
        { id: "yes", text: "Yes" },
        { id: "no", text: "No" },
      ],
    },
  });

  it("flash vote: tokens bought after the snapshot do not count", async () => {
    const before = await s.balance(holder, coin.address);
    const post = (await s.ok("create-post", pollBody(true), author)).post as Body;
    const poll = post.poll as Body;
    expect(poll.is_weighted).toBe(true);
    expect(poll.voting_token_id).toBe(coin.id);
    expect(poll.snapshot_block).toBeGreaterThan(0);
    const [yes, no] = poll.options as Body[];

    // Both buy after the snapshot: the holder adds to a balance, the newcomer had none.
    await s.buy(holder, coin.address, 500n * USDC);
    await s.buy(newcomer, coin.address, 500n * USDC);
    expect(await s.balance(holder, coin.address)).toBeGreaterThan(before);
    expect(await s.balance(newcomer, coin.address)).toBeGreaterThan(0n);

    const held = await vote(holder, {
      content_id: yes?.id,
      content_type: "poll_option",
      vote_type: "upvote",
      post_id: post.id,
    });
    expect(held).toMatchObject({
      action: "created",
      weight_wei: before.toString(),
      weighted_upvotes_wei: before.toString(),
    });
    const flash = await vote(newcomer, {
      content_id: no?.id,
      content_type: "poll_option",
      vote_type: "upvote",
      post_id: post.id,
    });
    expect(flash).toMatchObject({
      action: "created",
      weight: 0,
      weight_wei: "0",
      upvotes: 1,
      weighted_upvotes_wei: "0",
    });

    const read = (await s.ok("get-post", { post_id: post.id }, holder)).post as Body;
    const options = (read.poll as Body).options as Body[];
    expect(options.map((o) => [o.key, o.upvotes, o.weighted_upvotes_wei])).toEqual([
      ["yes", 1, before.toString()],
      ["no", 1, "0"],
    ]);
    expect((read.poll as Body).user_vote_option_id).toBe(yes?.id);
  });

  it("is single choice: a vote on another option moves the vote", async () => {
    const post = (await s.ok("create-post", pollBody(false), author)).post as Body;
    const [yes, no] = (post.poll as Body).options as Body[];
    const base = { content_type: "poll_option", vote_type: "upvote", post_id: post.id };
    expect(await vote(holder, { ...base, content_id: yes?.id })).toMatchObject({
      action: "created",
      upvotes: 1,
      weight: 0,
    });
    expect(await vote(holder, { ...base, content_id: no?.id })).toMatchObject({ action: "updated", upvotes: 1 });
    const options = (((await s.ok("get-post", { post_id: post.id }, holder)).post as Body).poll as Body)
      .options as Body[];
    expect(options.map((o) => o.upvotes)).toEqual([0, 1]);
    expect(await vote(holder, { ...base, content_id: no?.id })).toMatchObject({ action: "removed", upvotes: 0 });
  });

  it("needs post_id, an option of that poll, and no other voting token", async () => {
    const post = (await s.ok("create-post", pollBody(true), author)).post as Body;
    const [yes] = (post.poll as Body).options as Body[];
    expect(
      await s.call("vote", { content_id: yes?.id, content_type: "poll_option", vote_type: "upvote" }, holder),
    ).toEqual({
      status: 400,
      body: { success: false, error: "Missing required fields: post_id" },
    });
    expect(
      await s.call(
        "vote",
        { content_id: randomUUID(), content_type: "poll_option", vote_type: "upvote", post_id: post.id },
        holder,
      ),
    ).toEqual({ status: 404, body: { success: false, error: "Poll option not found" } });
    expect(
      await s.call(
        "vote",
        {
          content_id: yes?.id,
          content_type: "poll_option",
          vote_type: "upvote",
          post_id: post.id,
          voting_token_id: other.id,
        },
        holder,
      ),
    ).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Invalid voting_token_id: a poll's votes are weighted by its own token at its snapshot block",
      },
    });
  });
});

describe("vote validation", () => {
  it.each([
    [{}, 400, "Missing required fields: content_id, content_type, vote_type"],
    [
      { content_id: randomUUID(), content_type: "comment", vote_type: "upvote" },
      400,
      "Invalid content_type value. Must be one of: token, post, livestream, poll_option",
    ],
    [
      { content_id: randomUUID(), content_type: "post", vote_type: "like" },
      400,
      "Invalid vote_type value. Must be one of: upvote, downvote",
    ],
    [{ content_id: "x", content_type: "post", vote_type: "upvote" }, 400, "Invalid content_id: Invalid UUID"],
    [{ content_id: randomUUID(), content_type: "token", vote_type: "upvote" }, 404, "Token not found"],
    [{ content_id: randomUUID(), content_type: "post", vote_type: "upvote" }, 404, "Post not found"],
    [{ content_id: randomUUID(), content_type: "livestream", vote_type: "upvote" }, 404, "Livestream not found"],
  ])("rejects %j with %i %s", async (body, status, error) => {
    expect(await s.call("vote", body, holder)).toEqual({ status, body: { success: false, error } });
  });

  it("rejects an unknown voting_token_id", async () => {
    expect(
      await s.call(
        "vote",
        { content_id: coin.id, content_type: "token", vote_type: "upvote", voting_token_id: randomUUID() },
        holder,
      ),
    ).toEqual({ status: 404, body: { success: false, error: "Token not found" } });
  });

  it("limits votes per user per minute (SOCIAL_VOTES_PER_MINUTE)", async () => {
    const voter = await s.user();
    process.env.SOCIAL_VOTES_PER_MINUTE = "2";
    try {
      await vote(voter, { content_id: coin.id, content_type: "token", vote_type: "upvote" });
      await vote(voter, { content_id: coin.id, content_type: "token", vote_type: "upvote" });
      const res = await s.call("vote", { content_id: coin.id, content_type: "token", vote_type: "upvote" }, voter);
      expect(res).toEqual({
        status: 429,
        body: { success: false, error: "Too many votes: at most 2 votes per minute" },
      });
    } finally {
      delete process.env.SOCIAL_VOTES_PER_MINUTE;
    }
  });
});

describe("the event log", () => {
  it("holds votes and posts that fit their schemas (core/event-schemas.ts)", async () => {
    const { kinds, misfits } = await logShapes(s.api);
    expect([...kinds]).toEqual(expect.arrayContaining(["vote", "post"]));
    expect(misfits).toEqual({});
  });
});
