/**
 * create-post, get-post, get-post-replies, topics, get-hashtag-token and livestreams against the real API, indexer,
 * Postgres and Redis: every kind of post, each validation error's exact message, replies and mentions with their
 * notifications, and the per-user post limit.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, type Social, type SocialUser, startSocial } from "./helpers/social.js";
import { logShapes } from "./helpers/streams.js";

let s: Social;
let alice: SocialUser;
let bob: SocialUser;
let coin: Awaited<ReturnType<Social["token"]>>;
const twoOptions = [
  { id: "a", text: "A" },
  { id: "b", text: "B" },
];

beforeAll(async () => {
  s = await startSocial();
  [alice, bob] = [await s.user(), await s.user()];
  coin = await s.token("Posty", "PST");
}, 240_000);

afterAll(async () => {
  await s?.close();
});

const create = (body: unknown, as: SocialUser = alice) => s.ok("create-post", body, as);
const postOf = (body: Body) => body.post as Body;

describe("create-post", () => {
  it("creates a plain post and returns the Post record", async () => {
    const post = postOf(await create({ title: "Hello", content: "First post" }));
    expect(post).toMatchObject({
      title: "Hello",
      content: "First post",
      user_id: alice.id,
      user: { id: alice.id, username: alice.username, profile_picture: "" },
      parent_post_id: null,
      club_id: null,
      topic_id: null,
      tagged_coin_id: null,
      media: [],
      poll: null,
      upvote_count: 0,
      downvote_count: 0,
      weighted_upvotes: 0,
      weighted_downvotes: 0,
      weighted_upvotes_wei: "0",
      weighted_downvotes_wei: "0",
      reply_count: 0,
      user_vote: null,
    });
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(post.created_at as string) - Date.now())).toBeLessThan(60_000);
    expect(typeof post.score).toBe("number");
  });

  it("creates a media-only post, ordering media by order_index", async () => {
    const post = postOf(
      await create({
        mediaData: [
          { media: "https://img.example/2.png", order_index: 2, alt_text: "second" },
          { media: "https://img.example/1.png", media_type: "image", order_index: 1 },
        ],
      }),
    );
    expect(post.content).toBe("");
    expect((post.media as Body[]).map((m) => [m.media, m.order_index, m.media_type])).toEqual([
      ["https://img.example/1.png", 1, "image"],
      ["https://img.example/2.png", 2, "image"],
    ]);
  });

  it("creates a post tagged with a coin, and a topic post", async () => {
    const topic = (await s.ok("create-topic", { name: `Markets ${s.run}` }, alice)).topic as Body;
    const post = postOf(await create({ content: "about the coin", taggedCoinId: coin.id, topicId: topic.id }));
    expect(post).toMatchObject({ tagged_coin_id: coin.id, topic_id: topic.id });
  });

  it("creates a poll post with server ids for its options", async () => {
    const post = postOf(
      await create({
        content: "Which?",
        pollData: {
          question: "Pick one",
          options: [
            { id: "a", text: "Alpha", emoji: "🅰️" },
            { id: "b", text: "Beta" },
          ],
        },
      }),
    );
    const poll = post.poll as Body;
    expect(poll).toMatchObject({
      question: "Pick one",
      is_weighted: false,
      voting_token_id: null,
      snapshot_block: null,
    });
    const options = poll.options as Body[];
    expect(options.map((o) => [o.key, o.text, o.emoji, o.upvotes])).toEqual([
      ["a", "Alpha", "🅰️", 0],
      ["b", "Beta", "", 0],
    ]);
    expect(options[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("creates a reply: the parent's reply count grows and its author is notified; the reply takes the parent's coin", async () => {
    const parent = postOf(await create({ content: "parent", taggedCoinId: coin.id }, alice));
    const reply = postOf(await create({ content: "a reply", parentPostId: parent.id }, bob));
    expect(reply).toMatchObject({ parent_post_id: parent.id, tagged_coin_id: coin.id });
    const again = postOf(await s.ok("get-post", { post_id: parent.id }, bob));
    expect(again.reply_count).toBe(1);
    const replies = await s.ok("get-post-replies", { post_id: parent.id }, alice);
    expect((replies.posts as Body[]).map((p) => p.id)).toEqual([reply.id]);
    expect(replies.pagination).toEqual({ limit: 20, offset: 0, has_more: false, next_cursor: null });
    const notes = (await s.ok("get-notifications", {}, alice)).notifications as Body[];
    expect(notes.find((n) => n.post_id === reply.id)).toMatchObject({
      kind: "reply",
      actor: { id: bob.id, username: bob.username },
      read: false,
    });
  });

  it("notifies mentioned users, once, and never the author", async () => {
    const post = postOf(
      await create({ content: `hey @${bob.username} and @${bob.username.toUpperCase()} and @${alice.username}` }),
    );
    const bobNotes = (await s.ok("get-notifications", {}, bob)).notifications as Body[];
    expect(bobNotes.filter((n) => n.post_id === post.id)).toEqual([
      expect.objectContaining({ kind: "mention", actor: expect.objectContaining({ id: alice.id }) }),
    ]);
    const aliceNotes = (await s.ok("get-notifications", {}, alice)).notifications as Body[];
    expect(aliceNotes.filter((n) => n.post_id === post.id)).toEqual([]);
  });

  it.each([
    [{}, 400, "A post needs content, a title or media"],
    [{ content: "   ", title: " " }, 400, "A post needs content, a title or media"],
    [{ content: "x".repeat(5001) }, 400, "Invalid content: at most 5000 characters"],
    [{ content: 5 }, 400, "Invalid content: Invalid input: expected string, received number"],
    [{ content: "r", parentPostId: randomUUID() }, 404, "Parent post not found"],
    [{ content: "r", parentPostId: "nope" }, 400, "Invalid parentPostId: Invalid UUID"],
    [{ content: "t", topicId: randomUUID() }, 404, "Topic not found"],
    [{ content: "c", taggedCoinId: randomUUID() }, 404, "Token not found"],
    [{ content: "c", clubId: randomUUID() }, 404, "Club not found"],
    [
      { content: "p", pollData: { question: "q", options: [{ id: "a", text: "A" }] } },
      400,
      "Invalid pollData.options: a poll needs 2 to 10 options",
    ],
    [
      {
        content: "p",
        pollData: { question: "q", options: Array.from({ length: 11 }, (_, i) => ({ id: `${i}`, text: `o${i}` })) },
      },
      400,
      "Invalid pollData.options: a poll needs 2 to 10 options",
    ],
    [
      { content: "p", pollData: { question: "q", options: [twoOptions[0], { ...twoOptions[1], id: "a" }] } },
      400,
      "Invalid pollData.options: option ids must be unique",
    ],
    [
      {
        content: "p",
        pollData: {
          options: [
            { id: "a", text: "A" },
            { id: "b", text: "B" },
          ],
        },
      },
      400,
      "Missing required fields: pollData.question",
    ],
    [
      { content: "p", pollData: { question: "q", isWeighted: true, options: twoOptions } },
      400,
      "Invalid pollData.isWeighted: a weighted poll needs taggedCoinId, the token whose holdings weigh its votes",
    ],
    [
      { mediaData: [{ media: "https://x.example/a.pdf", media_type: "pdf" }] },
      400,
      "Invalid mediaData.0.media_type value. Must be one of: image, video, gif, link",
    ],
  ])("rejects %j with %i %s", async (body, status, error) => {
    const res = await s.call("create-post", body, alice);
    expect(res).toEqual({ status, body: { success: false, error } });
  });

  it("requires authentication", async () => {
    expect(await s.call("create-post", { content: "x" })).toEqual({
      status: 401,
      body: { success: false, error: "Missing authorization header" },
    });
  });

  it("limits posts per user per minute (SOCIAL_POSTS_PER_MINUTE)", async () => {
    const spammer = await s.user();
    process.env.SOCIAL_POSTS_PER_MINUTE = "3";
    try {
      for (let i = 0; i < 3; i++) await create({ content: `spam ${i}` }, spammer);
      const res = await s.call("create-post", { content: "one too many" }, spammer);
      expect(res).toEqual({
        status: 429,
        body: { success: false, error: "Too many posts: at most 3 posts per minute" },
      });
      // Another user is not limited by it.
      await create({ content: "still fine" }, bob);
    } finally {
      delete process.env.SOCIAL_POSTS_PER_MINUTE;
    }
  });
});

describe("get-post", () => {
  it("returns 404 for an unknown post and 400 for a bad id", async () => {
    expect(await s.call("get-post", { post_id: randomUUID() }, alice)).toEqual({
      status: 404,
      body: { success: false, error: "Post not found" },
    });
    expect(await s.call("get-post", {}, alice)).toEqual({
      status: 400,
      body: { success: false, error: "Missing required fields: post_id" },
    });
  });
});

describe("topics", () => {
  it("creates and lists topics; a duplicate name is rejected", async () => {
    const name = `Memes ${s.run}`;
    const topic = (await s.ok("create-topic", { name, description: "lol" }, alice)).topic as Body;
    expect(topic).toMatchObject({ name, description: "lol", created_by: alice.id });
    expect(await s.call("create-topic", { name: name.toUpperCase() }, bob)).toEqual({
      status: 400,
      body: { success: false, error: `A topic named ${name.toUpperCase()} already exists` },
    });
    const listed = await s.ok("get-topics", { query: `memes ${s.run}` }, bob);
    expect(listed.topics).toEqual([topic]);
    expect(await s.call("create-topic", { name: "" }, bob)).toEqual({
      status: 400,
      body: { success: false, error: "Invalid name: Too small: expected string to have >=1 characters" },
    });
  });
});

describe("get-hashtag-token", () => {
  it("finds the token of a hashtag, with or without # and in any case", async () => {
    const tag = `tag${s.run}`;
    await s.api.deps.db.query(`INSERT INTO ${s.api.appSchema}.token_hashtags (token_id, hashtag) VALUES ($1, $2)`, [
      coin.id,
      tag,
    ]);
    for (const hashtag_name of [tag, `#${tag.toUpperCase()}`]) {
      const token = (await s.ok("get-hashtag-token", { hashtag_name }, alice)).token as Body;
      expect(token).toMatchObject({ id: coin.id, symbol: "PST", contract_address: coin.address, hashtag: tag });
    }
  });

  it("answers 404 for an unknown hashtag and 400 for a malformed one", async () => {
    expect(await s.call("get-hashtag-token", { hashtag_name: `none${s.run}` }, alice)).toEqual({
      status: 404,
      body: { success: false, error: "Token not found" },
    });
    expect(await s.call("get-hashtag-token", { hashtag_name: "two words" }, alice)).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Invalid hashtag_name: must be 1 to 50 letters, digits or _ (a leading # is dropped)",
      },
    });
    expect(await s.call("get-hashtag-token", {}, alice)).toEqual({
      status: 400,
      body: { success: false, error: "Missing required fields: hashtag_name" },
    });
  });
});

describe("livestreams", () => {
  it("creates a livestream and reads it back", async () => {
    const stream = (await s.ok("create-livestream", { title: "Live now", token_id: coin.id }, alice))
      .livestream as Body;
    expect(stream).toMatchObject({
      user_id: alice.id,
      token_id: coin.id,
      title: "Live now",
      is_live: true,
      upvotes: 0,
    });
    expect((await s.ok("get-livestream", { livestream_id: stream.id }, bob)).livestream).toEqual(stream);
    expect(await s.call("get-livestream", { livestream_id: randomUUID() }, bob)).toEqual({
      status: 404,
      body: { success: false, error: "Livestream not found" },
    });
    expect(await s.call("create-livestream", { title: "x", token_id: randomUUID() }, bob)).toEqual({
      status: 404,
      body: { success: false, error: "Token not found" },
    });
  });
});

describe("the event log", () => {
  it("holds posts and replies that fit their schemas (core/event-schemas.ts)", async () => {
    const { kinds, misfits } = await logShapes(s.api);
    expect([...kinds]).toEqual(expect.arrayContaining(["post", "reply"]));
    expect(misfits).toEqual({});
  });
});
