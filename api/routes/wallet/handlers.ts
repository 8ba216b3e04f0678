/** Handlers of the wallet routes (definitions in ./routes.ts): each calls a service. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.js";
import { getFeeHistory } from "../../services/activity.js";
import { claimFees } from "../../services/claim-fees.js";
import { checkTokenOwnership } from "../../services/ownership.js";
import { getPortfolio, portfolioAddress } from "../../services/portfolio.js";
import { sendToken } from "../../services/send.js";
import { getTransferStatus, transferToken } from "../../services/transfer-token.js";
import { getUserFees } from "../../services/user-fees.js";
import { caller } from "../common.js";
import {
  checkTokenOwnershipRoute,
  claimFeesRoute,
  getFeeHistoryRoute,
  getPortfolioRoute,
  getTransferStatusRoute,
  getUserFeesRoute,
  sendTokenRoute,
  transferTokenRoute,
} from "./routes.js";

const ok = true as const;

export function registerWalletRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(checkTokenOwnershipRoute, async (c) =>
    c.json({ success: ok, ...(await checkTokenOwnership(c.var.deps, c.var.user, c.req.valid("json"))) }, 200),
  );
  app.openapi(claimFeesRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await claimFees(c.var.deps, user, c.req.valid("json"))) }, 200);
  });
  app.openapi(sendTokenRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await sendToken(c.var.deps, user, c.req.valid("json"))) }, 200);
  });
  app.openapi(transferTokenRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await transferToken(c.var.deps, user, c.req.valid("json"))) }, 200);
  });
  app.openapi(getTransferStatusRoute, async (c) =>
    c.json({ success: ok, ...(await getTransferStatus(c.var.deps, c.req.valid("json"))) }, 200),
  );
  app.openapi(getUserFeesRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await getUserFees(c.var.deps, user)) }, 200);
  });
  app.openapi(getPortfolioRoute, async (c) => {
    const body = c.req.valid("json");
    const address = portfolioAddress(c.var.user, body);
    return c.json({ success: ok, ...(await getPortfolio(c.var.deps, { ...body, address, usdc: true })) }, 200);
  });
  app.openapi(getFeeHistoryRoute, async (c) => {
    const user = caller(c);
    return c.json({ success: ok, ...(await getFeeHistory(c.var.deps, user, c.req.valid("json"))) }, 200);
  });
}
