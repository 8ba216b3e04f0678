/** Handlers of the wallet routes (definitions in ./routes.ts): each calls a service. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import { checkTokenOwnership } from "../../services/ownership.js";
import { checkTokenOwnershipRoute } from "./routes.js";

const ok = true as const;

export function registerWalletRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(checkTokenOwnershipRoute, async (c) =>
    c.json({ success: ok, ...(await checkTokenOwnership(c.var.deps, c.var.user, c.req.valid("json"))) }, 200),
  );
}
