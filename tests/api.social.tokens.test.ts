/**
 * The Token record's social fields (search-token) and get-tokens' top_posts ranking, from the social tables: posts
 * and media about the token, its clubs, its vote tally with weights, the caller's own vote, and a live stream.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

let s: Social;
let holder: SocialUser;
let author: SocialUser;
let coin: Awaited<ReturnType<Social["token"]>>;
let quiet: Awaited<ReturnType<Social["token"]>>;

beforeAll(async () => {
  s = await startSocial();
  [holder, author] = [await s.user(), await s.user()];
  coin = await s.token("Chatty", "CHT");
  quiet = await s.token("Quiet", "QUI");
  await s.buy(holder, coin.address, 50n * USDC);
}, 240_000);

afterAll(async () => {
  await s?.close();
});

const tokenAs = async (as: SocialUser, id: string) => (await s.ok("search-token", { input: id }, as)).token as Body;

describe("Token social fields", () => {
  it("are zero, null and false for a token nobody talked about", async () => {
    expect(await tokenAs(author, quiet.id)).toMatchObject({
      total_posts_count: 0,
      total_media_count: 0,
      groups_count: 0,
      upvotes: 0,
      downvotes: 0,
      weighted_upvotes: 0,
      weighted_downvotes: 0,
      weighted_upvotes_wei: "0",
      weighted_downvotes_wei: "0",
      user_vote: null,
      is_live: false,
    });
  });

  it("count top-level posts and media outside clubs, clubs, votes with weights, the caller's vote and live streams", async () => {
    const first = (await s.ok("create-post", { content: "gm $CHT", taggedCoinId: coin.id }, author)).post as Body;
    await s.ok(
      "create-post",
      { content: "chart", taggedCoinId: coin.id, mediaData: [{ media: "https://x.example/c.png" }] },
      author,
    );
    // A reply and a club post about the coin are not counted: replies belong to their post, clubs are private.
    await s.ok("create-post", { content: "agreed", parentPostId: first.id }, holder);
    const club = (await s.ok("create-club", { name: `Chatters ${s.run}`, token_id: coin.id }, author)).club as Body;
    await s.ok("create-post", { content: "inside", taggedCoinId: coin.id, clubId: club.id }, author);
    await s.ok("create-livestream", { title: "live now", token_id: coin.id }, author);
    await s.ok("vote", { content_id: coin.id, content_type: "token", vote_type: "upvote" }, holder);
    await s.ok("vote", { content_id: coin.id, content_type: "token", vote_type: "downvote" }, author);

    const balance = await s.balance(holder, coin.address);
    expect(balance).toBeGreaterThan(10n ** 18n);
    const seen = await tokenAs(holder, coin.id);
    expect(seen).toMatchObject({
      total_posts_count: 2,
      total_media_count: 1,
      groups_count: 1,
      upvotes: 1,
      downvotes: 1,
      weighted_upvotes: Number(balance / 10n ** 18n),
      weighted_upvotes_wei: balance.toString(),
      weighted_downvotes: 0,
      weighted_downvotes_wei: "0",
      user_vote: "upvote",
      is_live: true,
    });
    expect((await tokenAs(author, coin.id)).user_vote).toBe("downvote");
  });

  it("rank get-tokens top_posts by those posts", async () => {
    const { tokens } = await s.ok("get-tokens", { filter: "top_posts", limit: 100 }, author);
    const ids = (tokens as Body[]).map((t) => t.id);
    expect(ids.indexOf(coin.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(coin.id)).toBeLessThan(ids.indexOf(quiet.id));
  });
});
