/** Trading handlers: trade-token, quote-token, create-token-transaction, and GET /ipfs/<cid> for stored blobs. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../../../core/errors.js";
import type { AppEnv } from "../../env.js";
import { createToken } from "../../services/create-token.js";
import { getBlob, parseCid, verifyCid } from "../../services/metadata.js";
import { quoteToken, tradeToken } from "../../services/trade.js";
import { caller } from "../common.js";
import { createTokenRoute, quoteTokenRoute, tradeTokenRoute } from "./routes.js";

export function registerTradingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(tradeTokenRoute, async (c) => {
    const result = await tradeToken(c.var.deps, caller(c), c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 200);
  });

  app.openapi(quoteTokenRoute, async (c) => {
    caller(c);
    const quote = await quoteToken(c.var.deps, c.req.valid("json"));
    return c.json({ success: true as const, quote }, 200);
  });

  app.openapi(createTokenRoute, async (c) => {
    const result = await createToken(c.var.deps, caller(c), c.req.valid("json"));
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
    return c.body(new Uint8Array(blob.bytes), 200, blobHeaders(cid, blob.contentType));
  });
}

/**
 * Blobs are uploaded by anyone and served on the API's own origin, so none may run script there (an SVG can hold
 * <script>). Every blob gets a CSP that allows no script and sandboxes the document, even when it is opened
 * directly, and nosniff. Types a browser shows without running anything (raster images, video, the metadata JSON)
 * are served inline; everything else, SVG included, is also an attachment, so a browser that ignores the CSP
 * downloads it instead of rendering it. <img> ignores Content-Disposition and never runs an SVG's script, so
 * embedding works for every image type, and Cross-Origin-Resource-Policy lets other origins embed them.
 */
const BLOB_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
/**
 * A video opened directly is played by a media document that loads it again from its own URL: that needs media-src
 * 'self' and the document's own origin (from the opaque origin of a plain sandbox, the load is refused as
 * cross-origin). The sandbox still allows no script.
 */
const VIDEO_CSP = "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; sandbox allow-same-origin";
/**
 * Each type a blob can have (api/services/media.ts, create-token's metadata JSON): its file extension, whether it
 * is served inline, and its CSP.
 */
const BLOB_TYPES = new Map([
  ["image/png", { ext: "png", inline: true, csp: BLOB_CSP }],
  ["image/jpeg", { ext: "jpg", inline: true, csp: BLOB_CSP }],
  ["image/gif", { ext: "gif", inline: true, csp: BLOB_CSP }],
  ["image/webp", { ext: "webp", inline: true, csp: BLOB_CSP }],
  ["video/mp4", { ext: "mp4", inline: true, csp: VIDEO_CSP }],
  ["video/webm", { ext: "webm", inline: true, csp: VIDEO_CSP }],
  ["application/json", { ext: "json", inline: true, csp: BLOB_CSP }],
  ["image/svg+xml", { ext: "svg", inline: false, csp: BLOB_CSP }],
]);

function blobHeaders(cid: string, contentType: string): Record<string, string> {
  const type = BLOB_TYPES.get(contentType);
  const headers: Record<string, string> = {
    "content-type": contentType,
    "content-security-policy": type?.csp ?? BLOB_CSP,
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "cross-origin",
    // Content-addressed: the bytes under a CID never change.
    "cache-control": "public, max-age=31536000, immutable",
    etag: `"${cid}"`,
  };
  if (!type?.inline) headers["content-disposition"] = `attachment; filename="${cid}.${type?.ext ?? "bin"}"`;
  return headers;
}
