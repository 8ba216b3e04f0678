/**
 * media: checks an image or video field of a token, which is either an http(s) URL or a base64 data URI.
 *
 * - `data:image/…` must be PNG, JPEG, GIF, WEBP or SVG, and `data:video/…` MP4 or WebM. The bytes are checked by
 *   their magic bytes (SVG: an `<svg` root after an optional XML declaration, comments and doctype), and the
 *   declared MIME type must match what the bytes are.
 * - Size limits on the decoded bytes: MAX_IMAGE_BYTES (5 MiB) for images, MAX_VIDEO_BYTES (20 MiB) for videos. The
 *   REST body limit (BODY_LIMIT_BYTES, 8 MiB by default) applies first, so a larger video must be given by URL.
 * - URLs are accepted as they are (http and https only); the service does not fetch them.
 */
import { AppError } from "../../core/errors.js";
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "../../core/limits.js";

export type MediaKind = "image" | "video";

export type Media = { source: "url"; url: string } | { source: "data"; contentType: string; bytes: Uint8Array };

const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"] as const;
const videoTypes = ["video/mp4", "video/webm"] as const;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The MIME type the bytes are, by their magic bytes, or undefined. */
export function sniff(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("ftyp"), 4)) return "video/mp4";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (isSvg(bytes)) return "image/svg+xml";
  return undefined;
}

function isSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  // Skip the prolog: XML declaration, comments, doctype and whitespace.
  for (;;) {
    const before = text;
    text = text
      .replace(/^\s+/, "")
      .replace(/^<\?xml[\s\S]*?\?>/, "")
      .replace(/^<!--[\s\S]*?-->/, "")
      .replace(/^<!DOCTYPE[^>]*>/i, "");
    if (text === before) break;
  }
  return /^<svg[\s>]/i.test(text);
}

/** Check `value` (a URL or data URI) for the field `field` of kind `kind`; returns it parsed. */
export function media(field: string, value: string, kind: MediaKind): Media {
  if (value.startsWith("data:")) return dataUri(field, value, kind);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: must be an http(s) URL or a data:${kind}/ URI`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: must be an http(s) URL or a data:${kind}/ URI`);
  }
  return { source: "url", url: value };
}

function dataUri(field: string, value: string, kind: MediaKind): Media {
  const comma = value.indexOf(",");
  const header = comma < 0 ? "" : value.slice(5, comma);
  const [declared = "", ...params] = header.split(";");
  const type = declared.toLowerCase();
  const allowed: readonly string[] = kind === "image" ? imageTypes : videoTypes;
  if (comma < 0 || !type.startsWith(`${kind}/`)) {
    throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: a data URI here must start with data:${kind}/`);
  }
  if (!allowed.includes(type)) {
    throw new AppError(
      "INVALID_PARAMETERS",
      `Invalid ${field}: ${type} is not accepted (allowed: ${allowed.join(", ")})`,
    );
  }
  const base64 = params.some((p) => p.toLowerCase() === "base64");
  const body = value.slice(comma + 1);
  const limit = kind === "image" ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
  // Reject before decoding what is certainly too large.
  if ((base64 ? Math.floor((body.length * 3) / 4) - 2 : body.length / 3) > limit) throw tooLarge(field, kind, limit);
  let bytes: Uint8Array;
  if (base64) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body))
      throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: malformed base64`);
    bytes = new Uint8Array(Buffer.from(body, "base64"));
  } else if (type === "image/svg+xml") {
    try {
      bytes = new TextEncoder().encode(decodeURIComponent(body));
    } catch {
      throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: malformed percent-encoding`);
    }
  } else {
    throw new AppError(
      "INVALID_PARAMETERS",
      `Invalid ${field}: a binary data URI must be base64 (data:${type};base64,…)`,
    );
  }
  if (bytes.length === 0) throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: empty data URI`);
  if (bytes.length > limit) throw tooLarge(field, kind, limit);
  const actual = sniff(bytes);
  if (actual !== type) {
    throw new AppError(
      "INVALID_PARAMETERS",
      `Invalid ${field}: the data is not a valid ${type} file (its bytes ${actual ? `are ${actual}` : "match no accepted format"})`,
    );
  }
  return { source: "data", contentType: type, bytes };
}

function tooLarge(field: string, kind: MediaKind, limit: number) {
  return new AppError(
    "INVALID_PARAMETERS",
    `Invalid ${field}: ${kind} larger than ${limit / (1024 * 1024)} MB (give a URL instead)`,
  );
}
