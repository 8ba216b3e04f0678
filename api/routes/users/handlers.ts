/** Handlers of the user routes (definitions in ./routes.ts): each calls a service. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import { getLeaderboard } from "../../services/leaderboard.js";
import { getMe, getUser, updateProfile } from "../../services/profiles.js";
import { caller } from "../common.js";
import { getLeaderboardRoute, getMeRoute, getUserRoute, updateProfileRoute } from "./routes.js";

const ok = true as const;

export function registerUserRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getMeRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, user: await getMe(c.var.deps, user) }, 200);
  });
  app.openapi(updateProfileRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, user: await updateProfile(c.var.deps, user, c.req.valid("json")) }, 200);
  });
  app.openapi(getUserRoute, async (c) =>
    c.json({ success: ok, user: await getUser(c.var.deps, c.var.user, c.req.valid("json")) }, 200),
  );
  app.openapi(getLeaderboardRoute, async (c) =>
    c.json({ success: ok, ...(await getLeaderboard(c.var.deps, c.req.valid("json"))) }, 200),
  );
}
