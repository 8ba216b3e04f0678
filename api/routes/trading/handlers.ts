/** Trading handlers: trade-token, quote-token, create-token-transaction, and GET /ipfs/<cid> for stored blobs. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../../../core/errors.js";
import type { AppEnv } from "../../env.js";
import { createToken } from "../../services/create-token.js";
import { getBlob, parseCid, verifyCid } from "../../services/metadata.js";
import { quoteToken, tradeToken } from "../../services/trade.js";
import { createTokenRoute, quoteTokenRoute, tradeTokenRoute } from "./routes.js";

function userOf(c: { var: AppEnv["Variables"] }) {
  const user = c.var.user;
  if (!user) throw new AppError("AUTHENTICATION_FAILED", "Missing authorization header");
  return user;
}

export function registerTradingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(tradeTokenRoute, async (c) => {
    const result = await tradeToken(c.var.deps, userOf(c), c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 200);
  });

  app.openapi(quoteTokenRoute, async (c) => {
    userOf(c);
    const quote = await quoteToken(c.var.deps, c.req.valid("json"));
    return c.json({ success: true as const, quote }, 200);
  });

  app.openapi(createTokenRoute, async (c) => {
    const result = await createToken(c.var.deps, userOf(c), c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 200);
  });

  // Content-addressed blobs (token metadata and media). Outside /functions/v1, so GET; the CID is checked against
  // the bytes before they are served.
  app.get("/ipfs/:cid", async (c) => {
    const cid = c.req.param("cid");
    if (!parseCid(cid)) throw new AppError("NOT_FOUND", "Not found");
    const blob = await getBlob(c.var.deps, cid);
    if (!blob) throw new AppError("NOT_FOUND", "Not found");
    if (!(await verifyCid(cid, blob.bytes))) throw new Error(`stored blob ${cid} does not match its CID`);
    return c.body(new Uint8Array(blob.bytes), 200, {
      "content-type": blob.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${cid}"`,
    });
  });
}
