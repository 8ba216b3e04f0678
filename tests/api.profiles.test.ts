/**
 * Profiles through the API, against the real stack: get-me, update-profile (every validation error, usernames
 * unique without regard to case, also under two concurrent claims), mentions and notifications after a rename,
 * a token's creator after a rename, and get-user (by id or username, tokens, posts, holdings private by default).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Profile } from "../api/services/profiles.js";
import { PNG_1x1, type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

const png = `data:image/png;base64,${PNG_1x1}`;

let s: Social;
let alice: SocialUser;
let bob: SocialUser;

beforeAll(async () => {
  s = await startSocial();
  alice = await s.user();
  bob = await s.user();
});

afterAll(async () => {
  await s?.close();
});

const me = async (u: SocialUser) => (await s.ok("get-me", {}, u)).user as Profile;

describe("get-me", () => {
  it("returns the caller's profile, as provisioned", async () => {
    const profile = await me(alice);
    expect(profile).toEqual({
      id: alice.id,
      username: alice.username,
      profile_picture: "",
      bio: "",
      wallet_address: alice.address,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      follower_count: 0,
      following_count: 0,
      show_holdings: false,
    });
    expect(profile.username).toMatch(/^user_[0-9a-f]{8}$/);
  });

  it("needs a credential", async () => {
    const res = await s.call("get-me", {});
    expect(res.status).toBe(401);
  });

  it("counts followers and followees", async () => {
    await s.ok("follow-user", { user_id: alice.id }, bob);
    expect((await me(alice)).follower_count).toBe(1);
    expect((await me(bob)).following_count).toBe(1);
    await s.ok("unfollow-user", { user_id: alice.id }, bob);
  });
});

describe("update-profile", () => {
  it.each([
    [{ username: "ab" }, "username: must be 3 to 30 letters, digits or _"],
    [{ username: "a".repeat(31) }, "username: must be 3 to 30 letters, digits or _"],
    [{ username: "bad-name" }, "username: must be 3 to 30 letters, digits or _"],
    [{ username: "ünïcode" }, "username: must be 3 to 30 letters, digits or _"],
    [{ bio: "x".repeat(501) }, "bio"],
    [{ bio: "a\u0000b" }, "bio"],
    [
      { profile_picture: "ftp://example.com/a.png" },
      "Invalid profile_picture: must be an http(s) URL or a data:image/ URI",
    ],
    [{ profile_picture: "data:image/png;base64,AAAA" }, "Invalid profile_picture"],
    [
      { profile_picture: "data:video/mp4;base64,AAAA" },
      "Invalid profile_picture: a data URI here must start with data:image/",
    ],
    [{ show_holdings: "yes" }, "show_holdings"],
    [{}, "Nothing to update: give username, profile_picture, bio or show_holdings"],
  ])("refuses %j with 400", async (body, message) => {
    const before = await me(alice);
    const res = await s.call("update-profile", body, alice);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await me(alice)).toEqual(before);
  });

  it("sets username, picture, bio and holdings visibility, and answers the new profile", async () => {
    const body = await s.ok(
      "update-profile",
      { username: "Alice", profile_picture: png, bio: "I make tokens", show_holdings: false },
      alice,
    );
    const profile = body.user as Profile;
    expect(profile).toMatchObject({ id: alice.id, username: "Alice", bio: "I make tokens", show_holdings: false });
    expect(profile.profile_picture).toMatch(new RegExp(`^${s.api.config.publicUrl}/ipfs/b[a-z2-7]+$`));
    expect(await me(alice)).toEqual(profile);
    // The picture is served by the service itself.
    const served = await s.api.app.request(new URL(profile.profile_picture).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // A URL is kept as given; "" removes the picture.
    const url = "https://example.com/alice.png";
    expect(((await s.ok("update-profile", { profile_picture: url }, alice)).user as Profile).profile_picture).toBe(url);
    expect(((await s.ok("update-profile", { profile_picture: "" }, alice)).user as Profile).profile_picture).toBe("");
  });

  it("keeps usernames unique without regard to case: a taken one is 409", async () => {
    const res = await s.call("update-profile", { username: "aLiCe" }, bob);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Username aLiCe is taken");
    expect((await me(bob)).username).toBe(bob.username);
    // The owner may change the case of its own name.
    expect(((await s.ok("update-profile", { username: "ALICE" }, alice)).user as Profile).username).toBe("ALICE");
  });

  it("changes nothing but the caller's own profile fields (mass assignment)", async () => {
    const before = await me(bob);
    const res = await s.call(
      "update-profile",
      { bio: "just bob", id: alice.id, user_id: alice.id, wallet_address: alice.address, wallet_index: 0 },
      bob,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await me(bob)).toEqual({ ...before, bio: "just bob" });
    expect((await me(alice)).bio).toBe("I make tokens");
    // Fields that are not the profile's alone do not count as something to update.
    const only = await s.call("update-profile", { wallet_address: alice.address }, bob);
    expect(only.status).toBe(400);
  });

  it("lets exactly one of two concurrent claims of a name win", async () => {
    const [carol, dave] = [await s.user(), await s.user()];
    const results = await Promise.all([
      s.call("update-profile", { username: "racer" }, carol),
      s.call("update-profile", { username: "RACER" }, dave),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const names = [(await me(carol)).username, (await me(dave)).username];
    expect(names.filter((n) => n.toLowerCase() === "racer")).toHaveLength(1);
  });
});

describe("renames", () => {
  it("mentions name the new username, and notifications and posts show it", async () => {
    await s.ok("update-profile", { username: "alicia" }, alice);
    await s.ok("create-post", { content: "gm @ALICE, the old name" }, bob);
    const mention = (await s.ok("create-post", { content: "gm @alicia" }, bob)).post as { id: string };
    const { notifications } = (await s.ok("get-notifications", {}, alice)) as unknown as {
      notifications: { kind: string; post_id: string; actor: { username: string } }[];
    };
    const mentions = notifications.filter((n) => n.kind === "mention");
    expect(mentions.map((n) => n.post_id)).toEqual([mention.id]);

    // Bob renames: his notification to alice and his post show the new name.
    await s.ok("update-profile", { username: "bobby" }, bob);
    const after = (await s.ok("get-notifications", {}, alice)) as unknown as {
      notifications: { kind: string; actor: { username: string } }[];
    };
    expect(after.notifications.find((n) => n.kind === "mention")?.actor.username).toBe("bobby");
    const post = (await s.ok("get-post", { post_id: mention.id }, alice)).post as { user: { username: string } };
    expect(post.user.username).toBe("bobby");
  });

  it("a token's creator shows the creator's current username", async () => {
    const { id: tokenId } = await s.tokenOf(alice, "Profile Token", "PROF");
    const creatorOf = async () =>
      ((await s.ok("search-token", { input: tokenId }, bob)).token as { creator: { username: string } }).creator
        .username;
    expect(await creatorOf()).toBe("alicia");
    await s.ok("update-profile", { username: "alice_two" }, alice);
    expect(await creatorOf()).toBe("alice_two");
  });
});

describe("get-user", () => {
  type PublicProfile = Omit<Profile, "show_holdings"> & {
    holdings_public: boolean;
    tokens: { id: string; symbol: string }[];
    posts: { id: string; content: string }[];
    holdings: { contract_address: string; balance: string }[] | null;
  };
  const getUser = async (body: unknown, as?: SocialUser) => (await s.ok("get-user", body, as)).user as PublicProfile;

  it("finds a user by id or by username without regard to case, anonymously too", async () => {
    const byId = await getUser({ user_id: alice.id }, bob);
    const byName = await getUser({ username: "ALICE_TWO" });
    expect(byName).toEqual(byId);
    expect(byId).toMatchObject({
      id: alice.id,
      username: "alice_two",
      wallet_address: alice.address,
      holdings_public: false,
      holdings: null,
    });
    expect(byId).not.toHaveProperty("show_holdings");
    expect(byId.tokens.map((t) => t.symbol)).toContain("PROF");
  });

  it("lists the user's latest top-level posts", async () => {
    const post = (await s.ok("create-post", { content: "my latest thought" }, alice)).post as { id: string };
    const profile = await getUser({ user_id: alice.id });
    expect(profile.posts[0]?.id).toBe(post.id);
  });

  it("shows holdings only once the user makes them public", async () => {
    const token = await s.token("Held", "HELD");
    await s.buy(alice, token.address, 50n * USDC);
    expect((await getUser({ user_id: alice.id }, bob)).holdings).toBeNull();
    await s.ok("update-profile", { show_holdings: true }, alice);
    const shown = await getUser({ user_id: alice.id }, bob);
    expect(shown.holdings_public).toBe(true);
    const held = shown.holdings?.find((h) => h.contract_address.toLowerCase() === token.address.toLowerCase());
    expect(BigInt(held?.balance ?? "0")).toBe(await s.balance(alice, token.address));
  });

  it.each([
    [{}, 400, "Give exactly one of user_id or username"],
    [
      { user_id: "00000000-0000-4000-8000-000000000000", username: "x" },
      400,
      "Give exactly one of user_id or username",
    ],
    [{ user_id: "not-a-uuid" }, 400, "user_id"],
    [{ user_id: "00000000-0000-4000-8000-000000000000" }, 404, "User not found"],
    [{ username: "nobody_here" }, 404, "User not found"],
  ])("answers %j with %i", async (body, status, message) => {
    const res = await s.call("get-user", body, bob);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
  });
});

describe("OpenAPI", () => {
  it("documents the user endpoints, get-user open to anonymous callers", async () => {
    const res = await s.api.app.request("/functions/v1/openapi.json");
    const doc = (await res.json()) as { paths: Record<string, { post: { security: unknown[]; tags: string[] } }> };
    for (const name of ["get-me", "update-profile", "get-user"]) {
      expect(doc.paths[`/functions/v1/${name}`]?.post.tags, name).toEqual(["Users"]);
    }
    expect(doc.paths["/functions/v1/get-me"]?.post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/functions/v1/get-user"]?.post.security).toEqual([{ bearer: [] }, {}]);
  });
});
