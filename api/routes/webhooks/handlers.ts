/** Handlers of the webhook routes (definitions in ./routes.ts): each calls a service. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliverWebhook,
  testWebhook,
  updateWebhook,
} from "../../services/webhooks.js";
import { caller } from "../common.js";
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookDeliveriesRoute,
  getWebhooksRoute,
  redeliverWebhookRoute,
  testWebhookRoute,
  updateWebhookRoute,
} from "./routes.js";

const ok = true as const;

export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createWebhookRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await createWebhook(c.var.deps, user, c.req.valid("json"))) }, 200);
  });
  app.openapi(getWebhooksRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, webhooks: await listWebhooks(c.var.deps, user) }, 200);
  });
  app.openapi(updateWebhookRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, webhook: await updateWebhook(c.var.deps, user, c.req.valid("json")) }, 200);
  });
  app.openapi(deleteWebhookRoute, async (c) => {
    const user = caller(c);
    await deleteWebhook(c.var.deps, user, c.req.valid("json").webhook_id);
    return c.json({ success: ok, deleted: ok }, 200);
  });
  app.openapi(testWebhookRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, delivery: await testWebhook(c.var.deps, user, c.req.valid("json").webhook_id) }, 200);
  });
  app.openapi(getWebhookDeliveriesRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await listDeliveries(c.var.deps, user, c.req.valid("json"))) }, 200);
  });
  app.openapi(redeliverWebhookRoute, async (c) => {
    const user = caller(c);
    const delivery = await redeliverWebhook(c.var.deps, user, c.req.valid("json").delivery_id);
    return c.json({ success: ok, delivery }, 200);
  });
}
