/** Wallet route definitions. Schemas in ./schemas.ts, handlers in ./handlers.ts. */
import { postRoute } from "../common.js";
import {
  CheckTokenOwnershipRequest,
  CheckTokenOwnershipResponse,
  ClaimFeesRequest,
  ClaimFeesResponse,
} from "./schemas.js";

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

export const claimFeesRoute = postRoute({
  name: "claim-fees",
  tag: "Wallet",
  summary: "Claim the fees your wallet on record has earned",
  description:
    "The REST twin of the MCP tool claim_fees: the launchpad's claimFees() from your wallet on record on chainSlug, which withdraws every USDC fee share it holds for you (creator, referral and builder shares, and the USDC side of collected pool fees). claimable is read from the launchpad itself. Without autoExecute: the transaction to send; with autoExecute the service sends it (an intent; a reused idempotencyKey claims once). Nothing to claim: 400 `No fees to claim`; a chain without the launchpad: 400 `Fees are not available on chain <slug>`.",
  request: ClaimFeesRequest,
  response: ClaimFeesResponse,
});
