/**
 * zod building blocks shared by the REST API, the MCP tools and the worker. Importing this module also installs
 * the error map that marks absent fields as "Required", which the API turns into "Missing required fields: …".
 */
import { z } from "zod";
import { chainSlugs } from "./chains.js";
import { isHashtag, normalizeHashtag } from "./text.js";

/** The message zod gives a field that is absent (or undefined). */
export const REQUIRED = "Required";

z.config({
  // An absent enum field fails as invalid_value, not invalid_type: it is missing all the same.
  customError: (issue) =>
    (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined
      ? REQUIRED
      : undefined,
});

export const evmAddress = z.string().regex(/^0x[a-fA-F0-9]{40}$/, "must match ^0x[a-fA-F0-9]{40}$");
export const hex32 = z.string().regex(/^0x[a-fA-F0-9]{64}$/, "must be 0x followed by 64 hex characters");
export const uuid = z.uuid();
export const chainSlug = z.enum(chainSlugs);
/** A JSON number that must be greater than 0 (trade amounts, in whole tokens or USD). */
/** What a hashtag may be, as every endpoint that takes one says it (core/text.ts holds the rule). */
export const HASHTAG_RULE = "must be 1 to 50 letters, digits or _ (a leading # is dropped)";
/** A hashtag as a client sends it: with or without leading #s; stored and looked up as normalizeHashtag gives it. */
export const hashtag = z.string().refine((t) => isHashtag(normalizeHashtag(t)), HASHTAG_RULE);

export const positiveAmount = z.number().positive().finite();

export const limit = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
export const offset = z.number().int().min(0).default(0);
