/**
 * The API key format: "sk_" followed by the base64url form of 32 random bytes (256 bits). Only a key's SHA-256 and
 * its first characters are stored (db/api-keys.ts); the key itself is shown once, at creation.
 */
import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "sk_";

/** How many characters of a key are kept in clear, to tell keys apart in listings. */
export const API_KEY_SHOWN_CHARACTERS = API_KEY_PREFIX.length + 6;

/** A fresh key. */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;

/** What is stored of a key, and what a presented key is looked up by. */
export const hashApiKey = (key: string) => createHash("sha256").update(key).digest();
