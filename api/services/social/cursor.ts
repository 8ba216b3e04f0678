/**
 * Keyset cursors of the feeds: base64url of JSON {o: ordering, s: seq, k: sort key}. A page continues strictly
 * after the last row of the previous one in that ordering, so rows inserted meanwhile (which have a larger seq,
 * and land above the cursor in "newest first") can neither repeat a row nor push one out of reach, as an offset
 * would. Ranked orderings carry their sort key (a float8, exact in JSON) and break ties by seq.
 */
import { AppError } from "../../../core/errors.js";

export type CursorPosition = { seq: string; key?: number };

export function encodeCursor(ordering: string, p: CursorPosition): string {
  return Buffer.from(JSON.stringify({ o: ordering, s: p.seq, k: p.key })).toString("base64url");
}

/** The position in a cursor of `ordering`; 400 "Invalid cursor" for anything else. */
export function decodeCursor(cursor: string, ordering: string): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const c = parsed as { o?: unknown; s?: unknown; k?: unknown } | undefined;
  if (!c || typeof c.s !== "string" || !/^\d{1,19}$/.test(c.s) || (c.k !== undefined && typeof c.k !== "number")) {
    throw new AppError("INVALID_PARAMETERS", "Invalid cursor");
  }
  if (c.o !== ordering) {
    throw new AppError("INVALID_PARAMETERS", `Invalid cursor: it belongs to another feed or sort (${String(c.o)})`);
  }
  return c.k === undefined ? { seq: c.s } : { seq: c.s, key: c.k };
}
