/** Intent handlers: get-intent-status and execute-transaction. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import { executeTransaction, getIntentStatus } from "../../services/auto-execute.js";
import { caller } from "../common.js";
import { executeTransactionRoute, getIntentStatusRoute } from "./routes.js";

export function registerIntentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getIntentStatusRoute, async (c) => {
    const intent = await getIntentStatus(c.var.deps, caller(c), c.req.valid("json").intentId);
    return c.json({ success: true as const, intent }, 200);
  });

  app.openapi(executeTransactionRoute, async (c) => {
    const result = await executeTransaction(c.var.deps, caller(c), c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 200);
  });
}
