/** Handler of get-events (definition in ./routes.ts). */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import { readEventsSince } from "../../services/events.js";
import { getEventsRoute } from "./routes.js";

export function registerEventRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getEventsRoute, async (c) => {
    const result = await readEventsSince(c.var.deps, c.var.user ?? null, c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 200);
  });
}
