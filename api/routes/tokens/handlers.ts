/** Handlers of the token read routes (route definitions in ./routes.ts, schemas in ./schemas.ts). */

import type { OpenAPIHono } from "@hono/zod-openapi";
import { allEnded } from "../../../core/all-ended.js";
import { AppError } from "../../../core/errors.js";
import type { ApiDeps } from "../../deps.js";
import type { AppEnv } from "../../env.js";
import { getTokenActivity } from "../../services/activity.js";
import { freshness } from "../../services/indexed.js";
import { getTokenLaunchReport } from "../../services/launch-report.js";
import { listTokens, searchAll, searchTokenRecord, tagToken } from "../../services/tokens/catalog.js";
import { getCandles, getHolders, getPoolData, getTrades } from "../../services/tokens/market.js";
import { getTokenStats } from "../../services/tokens/stats.js";
import { caller, jsonOf, jsonResponse } from "../common.js";
import {
  candlesRoute,
  getTokensRoute,
  holdersRoute,
  poolDataRoute,
  searchRoute,
  searchTokenRoute,
  tagCoinRoute,
  tokenActivityRoute,
  tokenLaunchReportRoute,
  tokenStatsRoute,
  tradesRoute,
} from "./routes.js";

/** Freshness of reads that span tokens: the service's default chain (the first one it is deployed on). */
const defaultFreshness = (deps: ApiDeps) => freshness(deps, deps.deployments.keys().next().value ?? "base-sepolia");

const unixOf = (iso: string | undefined) => (iso === undefined ? undefined : Math.floor(Date.parse(iso) / 1000));

export function registerTokenRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(searchTokenRoute, async (c) => {
    const deps = c.var.deps;
    const { token, chain } = await searchTokenRecord(deps, c.req.valid("json").input, c.var.user?.id ?? null);
    // Cached reads: the record is serialised once, not for every request.
    return jsonResponse(c, { success: true as const, token: jsonOf(token), freshness: await freshness(deps, chain) });
  });

  app.openapi(poolDataRoute, async (c) => {
    const { tokenId, chainSlug } = c.req.valid("json");
    const { pool_data, ...rest } = await getPoolData(c.var.deps, tokenId, chainSlug);
    return jsonResponse(c, { success: true as const, pool_data: pool_data && jsonOf(pool_data), ...rest });
  });

  app.openapi(getTokensRoute, async (c) => {
    const deps = c.var.deps;
    const body = c.req.valid("json");
    const [list, fresh] = await allEnded([
      listTokens(deps, {
        filter: body.filter,
        limit: body.limit,
        offset: body.offset,
        hashtag: body.hashtag_name,
        verifiedOnly: body.verified_only,
        stage: body.stage,
      }),
      defaultFreshness(deps),
    ]);
    // The page is a cached read: its tokens are serialised once, not for every request.
    return jsonResponse(c, {
      success: true as const,
      tokens: jsonOf(list.tokens),
      total: list.total,
      freshness: fresh,
    });
  });

  app.openapi(searchRoute, async (c) => {
    const deps = c.var.deps;
    const { query, type, limit } = c.req.valid("json");
    const [results, fresh] = await allEnded([
      searchAll(deps, query, type, limit, c.var.user?.id),
      defaultFreshness(deps),
    ]);
    return c.json({ success: true as const, results, freshness: fresh }, 200);
  });

  app.openapi(tagCoinRoute, async (c) => {
    const user = caller(c);
    const { slug, tags } = c.req.valid("json");
    return c.json({ success: true as const, ...(await tagToken(c.var.deps, user, slug, tags ?? [])) }, 200);
  });

  app.openapi(candlesRoute, async (c) => {
    const body = c.req.valid("json");
    const from = unixOf(body.from);
    const to = unixOf(body.to);
    if (from !== undefined && to !== undefined && from > to) {
      throw new AppError("INVALID_PARAMETERS", "Invalid from: must not be after to");
    }
    const candles = await getCandles(c.var.deps, { ...body, from, to });
    return c.json({ success: true as const, ...candles }, 200);
  });

  app.openapi(holdersRoute, async (c) => {
    return c.json({ success: true as const, ...(await getHolders(c.var.deps, c.req.valid("json"))) }, 200);
  });

  app.openapi(tradesRoute, async (c) => {
    return c.json({ success: true as const, ...(await getTrades(c.var.deps, c.req.valid("json"))) }, 200);
  });
  app.openapi(tokenActivityRoute, async (c) =>
    c.json({ success: true as const, ...(await getTokenActivity(c.var.deps, c.req.valid("json"))) }, 200),
  );
  app.openapi(tokenLaunchReportRoute, async (c) =>
    c.json({ success: true as const, ...(await getTokenLaunchReport(c.var.deps, c.req.valid("json"))) }, 200),
  );
  app.openapi(tokenStatsRoute, async (c) =>
    c.json({ success: true as const, ...(await getTokenStats(c.var.deps, c.req.valid("json"))) }, 200),
  );
}
