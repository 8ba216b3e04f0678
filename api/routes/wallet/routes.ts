/** Wallet route definitions. Schemas in ./schemas.ts, handlers in ./handlers.ts. */
import { postRoute } from "../common.js";
import { CheckTokenOwnershipRequest, CheckTokenOwnershipResponse } from "./schemas.js";

export const checkTokenOwnershipRoute = postRoute({
  name: "check-token-ownership",
  tag: "Wallet",
  summary: "Whether a wallet holds at least a minimum balance of a token",
  description:
    "From the indexed state: the wallet's balance of the token on the chain (default its home chain), whether it is at least minBalance (whole tokens; default any balance above zero), and the indexed block that is true at. address defaults to your wallet on record; anonymous callers must give one (400 otherwise). Unknown token: 404; not deployed on the chain: 400 `Token not available on chain <slug>`.",
  request: CheckTokenOwnershipRequest,
  response: CheckTokenOwnershipResponse,
  auth: "optional",
});
