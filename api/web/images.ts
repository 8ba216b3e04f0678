/**
 * Where a page loads a token's or a user's image from. The service stores uploaded media content-addressed and
 * records it as `<PUBLIC_URL>/ipfs/<cid>` (or `ipfs://<cid>` in metadata): pages load those from their own origin,
 * whatever host they were opened on. Other images must be https or raster data: URLs (the pages' img-src); anything
 * else is left out.
 */
import type { ApiDeps } from "../deps.js";
import { safeUrl } from "./html.js";

const CID = /^[A-Za-z0-9]+$/;

/** The src a page uses for `url`, or undefined when it has none it may load. */
export function imageSrc(deps: ApiDeps, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const u = url.trim();
  const own = `${deps.config.publicUrl}/ipfs/`;
  const cid = u.startsWith(own) ? u.slice(own.length) : u.startsWith("ipfs://") ? u.slice("ipfs://".length) : null;
  if (cid !== null) return CID.test(cid) ? `/ipfs/${cid}` : undefined;
  const safe = safeUrl(u, { allowData: true });
  return safe?.startsWith("http:") ? undefined : safe;
}

/** An absolute URL of an image for link previews (og:image): data: URLs are not shared. */
export function absoluteImage(deps: ApiDeps, url: string | null | undefined): string | undefined {
  const src = imageSrc(deps, url);
  if (!src || src.startsWith("data:")) return undefined;
  return src.startsWith("/") ? `${deps.config.publicUrl}${src}` : src;
}
