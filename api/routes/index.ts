/** Every route group of the API. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.js";
import { registerEventRoutes } from "./events/handlers.js";
import { registerIntentRoutes } from "./intents/handlers.js";
import { registerSocialRoutes } from "./social/handlers.js";
import { registerTokenRoutes } from "./tokens/handlers.js";
import { registerTradingRoutes } from "./trading/handlers.js";
import { registerUserRoutes } from "./users/handlers.js";
import { registerWalletRoutes } from "./wallet/handlers.js";
import { registerWebhookRoutes } from "./webhooks/handlers.js";
import { registerWebhookDeliveries } from "./webhooks/routes.js";

export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  registerTokenRoutes(app);
  registerTradingRoutes(app);
  registerIntentRoutes(app);
  registerSocialRoutes(app);
  registerUserRoutes(app);
  registerWalletRoutes(app);
  registerWebhookRoutes(app);
  registerWebhookDeliveries(app.openAPIRegistry);
  registerEventRoutes(app);
}
