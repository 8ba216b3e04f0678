/** Handlers of the social routes (definitions in ./routes.ts): each validates nothing itself and calls a service. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import {
  createClub,
  getClub,
  inviteToClub,
  joinClub,
  leaveClub,
  listClubMembers,
  listClubs,
} from "../../services/social/clubs.js";
import {
  listClubPosts,
  listRankedPosts,
  listReplies,
  listTimelinePosts,
  listTokenPosts,
} from "../../services/social/feeds.js";
import { followUser, listFollows, unfollowUser } from "../../services/social/follows.js";
import { getHashtagToken } from "../../services/social/hashtags.js";
import { createLivestream, getLivestream } from "../../services/social/livestreams.js";
import { listNotifications, markNotificationsRead } from "../../services/social/notifications.js";
import { createPost, getPost } from "../../services/social/posts.js";
import { createTopic, listTopics } from "../../services/social/topics.js";
import { castVote } from "../../services/social/votes.js";
import { tipUser } from "../../services/tip.js";
import { caller } from "../common.js";
import {
  createClubRoute,
  createLivestreamRoute,
  createPostRoute,
  createTopicRoute,
  followUserRoute,
  getClubMembersRoute,
  getClubPostsRoute,
  getClubRoute,
  getClubsRoute,
  getFollowersRoute,
  getFollowingRoute,
  getHashtagTokenRoute,
  getLivestreamRoute,
  getNotificationsRoute,
  getPostRepliesRoute,
  getPostRoute,
  getPosts2Route,
  getTimelinePostsRoute,
  getTokenPostsRoute,
  getTopicsRoute,
  inviteToClubRoute,
  joinClubRoute,
  leaveClubRoute,
  markNotificationsReadRoute,
  tipRoute,
  unfollowUserRoute,
  voteRoute,
} from "./routes.js";

const ok = true as const;

export function registerSocialRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createPostRoute, async (c) =>
    c.json({ success: ok, post: await createPost(c.var.deps, caller(c), c.req.valid("json")) }, 200),
  );
  app.openapi(getPostRoute, async (c) =>
    c.json({ success: ok, post: await getPost(c.var.deps, caller(c), c.req.valid("json").post_id) }, 200),
  );
  app.openapi(getPostRepliesRoute, async (c) => {
    const { post_id, ...page } = c.req.valid("json");
    return c.json({ success: ok, ...(await listReplies(c.var.deps, caller(c), post_id, page)) }, 200);
  });
  app.openapi(voteRoute, async (c) =>
    c.json({ success: ok, vote: await castVote(c.var.deps, caller(c), c.req.valid("json")) }, 200),
  );
  app.openapi(tipRoute, async (c) =>
    c.json({ success: ok, ...(await tipUser(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
  app.openapi(getPosts2Route, async (c) =>
    c.json({ success: ok, ...(await listRankedPosts(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
  app.openapi(getTimelinePostsRoute, async (c) =>
    c.json({ success: ok, ...(await listTimelinePosts(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
  app.openapi(getTokenPostsRoute, async (c) =>
    c.json({ success: ok, ...(await listTokenPosts(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
  app.openapi(getHashtagTokenRoute, async (c) =>
    c.json({ success: ok, ...(await getHashtagToken(c.var.deps, c.req.valid("json"))) }, 200),
  );
  app.openapi(getNotificationsRoute, async (c) =>
    c.json({ success: ok, ...(await listNotifications(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
  app.openapi(markNotificationsReadRoute, async (c) =>
    c.json({ success: ok, ...(await markNotificationsRead(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
  app.openapi(followUserRoute, async (c) =>
    c.json({ success: ok, ...(await followUser(c.var.deps, caller(c), c.req.valid("json").user_id)) }, 200),
  );
  app.openapi(unfollowUserRoute, async (c) =>
    c.json({ success: ok, ...(await unfollowUser(c.var.deps, caller(c), c.req.valid("json").user_id)) }, 200),
  );
  app.openapi(getFollowersRoute, async (c) =>
    c.json({ success: ok, ...(await listFollows(c.var.deps, caller(c), "followers", c.req.valid("json"))) }, 200),
  );
  app.openapi(getFollowingRoute, async (c) =>
    c.json({ success: ok, ...(await listFollows(c.var.deps, caller(c), "following", c.req.valid("json"))) }, 200),
  );
  app.openapi(createTopicRoute, async (c) =>
    c.json({ success: ok, topic: await createTopic(c.var.deps, caller(c), c.req.valid("json")) }, 200),
  );
  app.openapi(getTopicsRoute, async (c) =>
    c.json({ success: ok, ...(await listTopics(c.var.deps, c.req.valid("json"))) }, 200),
  );
  app.openapi(createLivestreamRoute, async (c) =>
    c.json({ success: ok, livestream: await createLivestream(c.var.deps, caller(c), c.req.valid("json")) }, 200),
  );
  app.openapi(getLivestreamRoute, async (c) =>
    c.json({ success: ok, livestream: await getLivestream(c.var.deps, c.req.valid("json").livestream_id) }, 200),
  );
  app.openapi(createClubRoute, async (c) =>
    c.json({ success: ok, club: await createClub(c.var.deps, caller(c), c.req.valid("json")) }, 200),
  );
  app.openapi(getClubRoute, async (c) =>
    c.json({ success: ok, club: await getClub(c.var.deps, caller(c), c.req.valid("json").club_id) }, 200),
  );
  app.openapi(joinClubRoute, async (c) =>
    c.json({ success: ok, club: await joinClub(c.var.deps, caller(c), c.req.valid("json").club_id) }, 200),
  );
  app.openapi(leaveClubRoute, async (c) =>
    c.json({ success: ok, club: await leaveClub(c.var.deps, caller(c), c.req.valid("json").club_id) }, 200),
  );
  app.openapi(inviteToClubRoute, async (c) => {
    const { club_id, user_id } = c.req.valid("json");
    return c.json({ success: ok, ...(await inviteToClub(c.var.deps, caller(c), club_id, user_id)) }, 200);
  });
  app.openapi(getClubMembersRoute, async (c) => {
    const { club_id, ...page } = c.req.valid("json");
    return c.json({ success: ok, ...(await listClubMembers(c.var.deps, caller(c), club_id, page)) }, 200);
  });
  app.openapi(getClubPostsRoute, async (c) => {
    const { club_id, ...page } = c.req.valid("json");
    return c.json({ success: ok, ...(await listClubPosts(c.var.deps, caller(c), club_id, page)) }, 200);
  });
  app.openapi(getClubsRoute, async (c) =>
    c.json({ success: ok, ...(await listClubs(c.var.deps, caller(c), c.req.valid("json"))) }, 200),
  );
}
