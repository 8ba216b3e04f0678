/** Hono context variables set by the middleware. */
import type { ApiDeps } from "./deps.js";

export type AuthedUser = {
  id: string;
  walletAddress: `0x${string}`;
  walletIndex: number;
  /** Set when the request authenticated with an API key. */
  apiKeyId?: string;
  tier: "authenticated" | "premium";
  /** The interface the request came through, as the spending ledger records it; REST unless set. */
  via?: "mcp" | "rest";
};

export type AppEnv = {
  Variables: {
    deps: ApiDeps;
    user?: AuthedUser;
  };
};
