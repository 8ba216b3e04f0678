/**
 * Clubs: each visibility (public, holders-only, invite-only) for members and non-members, on every read of the
 * club (get-club, get-club-members, get-club-posts, get-post, replies, votes) and on joining; club posts stay out
 * of the global feeds; owner rules for inviting and leaving.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

const DENIED = { status: 403, body: { success: false, error: "Access denied: no permission to view this club" } };

let s: Social;
let owner: SocialUser;
let coin: Awaited<ReturnType<Social["token"]>>;

beforeAll(async () => {
  s = await startSocial();
  owner = await s.user();
  coin = await s.token("Clubby", "CLB");
}, 240_000);

afterAll(async () => {
  await s?.close();
});

const club = async (body: Record<string, unknown>) =>
  (await s.ok("create-club", { name: `Club ${randomUUID().slice(0, 6)}`, ...body }, owner)).club as Body;
const clubPost = async (clubId: unknown) =>
  ((await s.ok("create-post", { content: "members only", clubId }, owner)).post as Body).id as string;

/** Every read of a club and of its post, as `u`: all allowed, or all denied with the spec's message. */
async function expectReads(u: SocialUser, clubId: unknown, postId: string, allowed: boolean) {
  const reads: [string, Record<string, unknown>][] = [
    ["get-club", { club_id: clubId }],
    ["get-club-members", { club_id: clubId }],
    ["get-club-posts", { club_id: clubId }],
    ["get-post", { post_id: postId }],
    ["get-post-replies", { post_id: postId }],
  ];
  for (const [endpoint, body] of reads) {
    const res = await s.call(endpoint, body, u);
    if (allowed) expect(res.status, `${endpoint}: ${JSON.stringify(res.body)}`).toBe(200);
    else expect(res, endpoint).toEqual(DENIED);
  }
  const vote = await s.call("vote", { content_id: postId, content_type: "post", vote_type: "upvote" }, u);
  if (allowed) expect(vote.status).toBe(200);
  else expect(vote).toEqual(DENIED);
}

describe("public clubs", () => {
  it("anyone reads; members post; the club's posts stay out of global feeds", async () => {
    const c = await club({ visibility: "public", description: "open" });
    expect(c).toMatchObject({
      visibility: "public",
      description: "open",
      owner_id: owner.id,
      member_count: 1,
      is_member: true,
      token_id: null,
      min_balance: "0",
      min_balance_tokens: 0,
    });
    const postId = await clubPost(c.id);
    const visitor = await s.user();
    await expectReads(visitor, c.id, postId, true);
    expect(await s.call("create-post", { content: "hi", clubId: c.id }, visitor)).toEqual({
      status: 403,
      body: { success: false, error: "Join the club to post in it" },
    });
    const joined = (await s.ok("join-club", { club_id: c.id }, visitor)).club as Body;
    expect(joined).toMatchObject({ member_count: 2, is_member: true });
    const reply = (await s.ok("create-post", { content: "hello", parentPostId: postId }, visitor)).post as Body;
    expect(reply.club_id).toBe(c.id);
    const feed = await s.ok("get-club-posts", { club_id: c.id }, visitor);
    expect((feed.posts as Body[]).map((p) => p.id)).toEqual([postId]);
    const members = await s.ok("get-club-members", { club_id: c.id }, visitor);
    expect((members.members as Body[]).map((m) => [m.id, m.role])).toEqual([
      [owner.id, "owner"],
      [visitor.id, "member"],
    ]);
    const timeline = await s.ok("get-timeline-posts", { limit: 100 }, visitor);
    expect((timeline.posts as Body[]).map((p) => p.id)).not.toContain(postId);
    expect((await s.ok("leave-club", { club_id: c.id }, visitor)).club).toMatchObject({
      member_count: 1,
      is_member: false,
    });
  });
});

describe("holders-only clubs", () => {
  it("opens to holders of the minimum balance, and closes again below it", async () => {
    const c = await club({ visibility: "holders", token_id: coin.id, min_balance: "100000" });
    expect(c).toMatchObject({
      visibility: "holders",
      token_id: coin.id,
      min_balance: (100_000n * 10n ** 18n).toString(),
    });
    const postId = await clubPost(c.id);
    const outsider = await s.user();
    await expectReads(outsider, c.id, postId, false);
    expect(await s.call("join-club", { club_id: c.id }, outsider)).toEqual(DENIED);

    const holder = await s.user();
    await s.buy(holder, coin.address, 1_000n * USDC);
    expect(await s.balance(holder, coin.address)).toBeGreaterThan(100_000n * 10n ** 18n);
    await expectReads(holder, c.id, postId, true);
    await s.ok("join-club", { club_id: c.id }, holder);
    await expectReads(holder, c.id, postId, true);

    const small = await s.user();
    await s.buy(small, coin.address, 1n * USDC);
    expect(await s.balance(small, coin.address)).toBeLessThan(100_000n * 10n ** 18n);
    await expectReads(small, c.id, postId, false);
    expect(await s.call("leave-club", { club_id: c.id }, small)).toEqual(DENIED);
  });

  it("needs a token", async () => {
    expect(await s.call("create-club", { name: "x", visibility: "holders" }, owner)).toEqual({
      status: 400,
      body: { success: false, error: "Invalid token_id: a holders-only club needs the token to hold" },
    });
  });
});

describe("invite-only clubs", () => {
  it("opens to invited users and members only; only the owner invites", async () => {
    const c = await club({ visibility: "invite" });
    const postId = await clubPost(c.id);
    const guest = await s.user();
    const stranger = await s.user();
    await expectReads(guest, c.id, postId, false);
    expect(await s.call("join-club", { club_id: c.id }, guest)).toEqual(DENIED);
    const listedBefore = await s.ok("get-clubs", {}, guest);
    expect((listedBefore.clubs as Body[]).map((x) => x.id)).not.toContain(c.id);

    // Who cannot see the club learns nothing from writing to it: get-club's refusal, never the club.
    expect(await s.call("leave-club", { club_id: c.id }, guest)).toEqual(DENIED);
    expect(await s.call("invite-to-club", { club_id: c.id, user_id: stranger.id }, guest)).toEqual(DENIED);
    expect(await s.call("get-club", { club_id: c.id }, guest)).toEqual(DENIED);
    expect(await s.ok("invite-to-club", { club_id: c.id, user_id: guest.id }, owner)).toEqual({
      success: true,
      club_id: c.id,
      user_id: guest.id,
      created: true,
    });
    await expectReads(guest, c.id, postId, true);
    expect(await s.call("invite-to-club", { club_id: c.id, user_id: stranger.id }, guest)).toEqual({
      status: 403,
      body: { success: false, error: "Only the club's owner can invite" },
    });
    const listed = await s.ok("get-clubs", {}, guest);
    expect((listed.clubs as Body[]).find((x) => x.id === c.id)).toMatchObject({ is_member: false });
    await s.ok("join-club", { club_id: c.id }, guest);
    await expectReads(guest, c.id, postId, true);
    await expectReads(stranger, c.id, postId, false);
    expect(await s.call("invite-to-club", { club_id: c.id, user_id: randomUUID() }, owner)).toEqual({
      status: 404,
      body: { success: false, error: "User not found" },
    });
  });
});

describe("club rules", () => {
  it.each([
    ["create-club", {}, 400, "Missing required fields: name"],
    [
      "create-club",
      { name: "x", visibility: "secret" },
      400,
      "Invalid visibility value. Must be one of: public, holders, invite",
    ],
    [
      "create-club",
      { name: "x", visibility: "holders", token_id: "00000000-0000-4000-8000-000000000000", min_balance: "1e5" },
      400,
      "Invalid min_balance: must be a decimal number of whole tokens, e.g. 100 or 0.5",
    ],
    ["create-club", { name: "x", token_id: "00000000-0000-4000-8000-000000000000" }, 404, "Token not found"],
    ["get-club", { club_id: "00000000-0000-4000-8000-000000000000" }, 404, "Club not found"],
    ["join-club", { club_id: "nope" }, 400, "Invalid club_id: Invalid UUID"],
  ])("%s %j: %i %s", async (endpoint, body, status, error) => {
    expect(await s.call(endpoint, body, owner)).toEqual({ status, body: { success: false, error } });
  });

  it("the owner cannot leave", async () => {
    const c = await club({});
    expect(await s.call("leave-club", { club_id: c.id }, owner)).toEqual({
      status: 400,
      body: { success: false, error: "The owner cannot leave their club" },
    });
  });
});
