/**
 * The local LayerZero relayer process (`npm start` runs it when more than one chain runs): delivers packets between
 * the chains of RELAYER_CHAINS (default CHAINS, then CHAIN_SLUG), each reached at RPC_URL_<SLUG> (or RPC_URL) with
 * its deployments/<slug>.json. A development stand-in for LayerZero's DVNs and executor; see relayer/relayer.ts.
 */
import { type ChainSlug, getChain } from "../core/chains.js";
import { chainTargets, parseEnv } from "../core/env.js";
import { createLogger, lineLog } from "../core/log.js";
import { createRelayer } from "./relayer.js";

const log = lineLog(createLogger("relayer"));

function main() {
  const env = parseEnv();
  const targets = chainTargets(env, env.RELAYER_CHAINS);
  const chains = [...targets].map(([slug, t]) => ({ slug: getChain(slug).slug as ChainSlug, ...t }));
  const relayer = createRelayer({ chains, log });
  log(`relaying between ${chains.map((c) => `${c.slug} (eid ${c.deployment.lzEid})`).join(", ")}`);
  relayer.start();
  const shutdown = async (signal: string) => {
    log(`${signal}: stopping`);
    await relayer.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

try {
  main();
} catch (error) {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
