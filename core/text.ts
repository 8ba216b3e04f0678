import { AppError } from "./errors.js";

/**
 * Text rules several parts share: token slugs and hashtags. One home, so that a token's slug and a hashtag mean the
 * same whichever endpoint made or reads them.
 */

/** The longest slug, in characters. */
export const SLUG_MAX = 60;

/**
 * URL-friendly slug of a name: lowercase ASCII letters, digits and single hyphens, accents folded, at most SLUG_MAX
 * characters ("token" when nothing is left).
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "token";
}

/** A username: 3–30 ASCII letters, digits or underscores, what an @mention can name (api/services/profiles.ts). */
export const USERNAME = /^[A-Za-z0-9_]{3,30}$/;

/** A hashtag as stored and looked up: trimmed, without its leading '#' (any number of them), lower case. */
export function normalizeHashtag(tag: string): string {
  return tag.trim().replace(/^#+/, "").toLowerCase();
}

/** Whether a normalized hashtag is valid: 1–50 letters, digits or underscores. */
export function isHashtag(tag: string): boolean {
  return /^[\p{L}\p{N}_]{1,50}$/u.test(tag);
}

/** Hashtags without '#', trimmed and lowercased, deduplicated; each 1–50 letters, digits or underscores. */
export function normalizeTags(tags: string[]): string[] {
  const out = new Set<string>();
  for (const raw of tags) {
    const tag = normalizeHashtag(raw);
    if (!isHashtag(tag)) {
      throw new AppError("INVALID_PARAMETERS", `Invalid tags: "${raw}" is not a hashtag (1–50 letters, digits or _)`);
    }
    out.add(tag);
  }
  return [...out];
}
