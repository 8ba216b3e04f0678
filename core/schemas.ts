/**
 * zod building blocks shared by the REST API, the MCP tools and the worker. Importing this module also installs
 * the error map that marks absent fields as "Required", which the API turns into "Missing required fields: …".
 */
import { z } from "zod";
import { chainSlugs } from "./chains.js";
import { isHashtag, normalizeHashtag, USERNAME } from "./text.js";

/** The message zod gives a field that is absent (or undefined). */
export const REQUIRED = "Required";

z.config({
  // An absent enum field fails as invalid_value, not invalid_type: it is missing all the same.
  customError: (issue) =>
    (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined
      ? REQUIRED
      : undefined,
});

/**
 * What free text may not hold: NUL (Postgres cannot store it in text or jsonb), the other C0 control characters
 * but tab, line feed and carriage return, and UTF-16 surrogates without their pair (not text at all; they would
 * be stored as U+FFFD). Tested on the parsed string, so a JSON "\u0000" escape is caught as well.
 */
const INVALID_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const TEXT_RULE =
  "must not contain NUL (U+0000), control characters other than tab, line feed and carriage return, or unpaired UTF-16 surrogates";
const validText = (s: string) => !INVALID_TEXT.test(s);

/**
 * Free text of a request: at most `max` characters (UTF-16 code units, as JavaScript and zod count them), none of
 * them invalid (TEXT_RULE). Over the limit, validation stops before reading the text. Without `max` only where
 * the length is checked elsewhere (post content: SOCIAL_MAX_CONTENT_LENGTH, which the operator can change).
 */
export function text(max?: number) {
  const string = max === undefined ? z.string() : z.string().max(max, { abort: true });
  return string.refine(validText, TEXT_RULE);
}

/** The longest URL a request may give (links, media, streams), in characters. */
export const URL_MAX = 2048;
/** An absolute URL of at most URL_MAX characters, with the free-text rule. */
export const url = z.url().max(URL_MAX, { abort: true }).refine(validText, TEXT_RULE);

/** An idempotency key of the client's choosing (autoExecute, execute-transaction, claim_fees): 1–200 characters. */
export const idempotencyKey = text(200).min(1);

export const evmAddress = z.string().regex(/^0x[a-fA-F0-9]{40}$/, "must match ^0x[a-fA-F0-9]{40}$");
export const hex32 = z.string().regex(/^0x[a-fA-F0-9]{64}$/, "must be 0x followed by 64 hex characters");
export const uuid = z.uuid();
export const chainSlug = z.enum(chainSlugs);
/** What a username may be; unique without regard to case. */
export const USERNAME_RULE = "must be 3 to 30 letters, digits or _";
export const username = z.string().regex(USERNAME, USERNAME_RULE);
/** What a hashtag may be, as every endpoint that takes one says it (core/text.ts holds the rule). */
export const HASHTAG_RULE = "must be 1 to 50 letters, digits or _ (a leading # is dropped)";
/** A hashtag as a client sends it: with or without leading #s; stored and looked up as normalizeHashtag gives it. */
export const hashtag = z.string().refine((t) => isHashtag(normalizeHashtag(t)), HASHTAG_RULE);

/** A JSON number that must be greater than 0 (trade amounts, in whole tokens or USD). */
export const positiveAmount = z.number().positive().finite();

export const limit = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
export const offset = z.number().int().min(0).default(0);
