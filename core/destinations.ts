/**
 * Where a new token is deployed besides its home chain: create-token-transaction's destinationChains, the home chain
 * excluded (as the spec says), each either deployed (a LayerZero OFT peer, by the worker) or reported as not
 * deployed with the reason. Nothing asked for is dropped.
 */
import { type ChainSlug, chainSlugSchema, DEFAULT_DESTINATION_CHAINS, getChain } from "./chains.js";

export type DestinationPlan = { chain: ChainSlug; deploy: true } | { chain: ChainSlug; deploy: false; reason: string };

/**
 * The plan for each requested destination (default DEFAULT_DESTINATION_CHAINS), in the order asked, without
 * duplicates and without the home chain. `served` are the chains this service runs on (a deployment and an RPC).
 */
export function planDestinations(
  home: ChainSlug,
  requested: readonly string[] | undefined,
  served: ReadonlySet<string>,
): DestinationPlan[] {
  const seen = new Set<string>([home]);
  const homeChain = getChain(home);
  const plans: DestinationPlan[] = [];
  for (const raw of requested ?? DEFAULT_DESTINATION_CHAINS) {
    const chain = chainSlugSchema.parse(raw);
    if (seen.has(chain)) continue;
    seen.add(chain);
    const c = getChain(chain);
    const no = (reason: string) => plans.push({ chain, deploy: false, reason });
    if (c.kind !== "evm") {
      no(`${chain} is not an EVM chain: tokens reach other chains as LayerZero OFTs, deployed on EVM chains only`);
    } else if (c.eraVm) {
      no(`${chain} runs EraVM: its contracts need a zksolc build, which this service does not have`);
    } else if (c.testnet !== homeChain.testnet) {
      no(
        `${chain} is a ${c.testnet ? "testnet" : "mainnet"} and ${home} a ${homeChain.testnet ? "testnet" : "mainnet"}: LayerZero does not connect them`,
      );
    } else if (!served.has(chain)) {
      no(`this service does not run on ${chain} (it runs on ${[...served].join(", ")})`);
    } else {
      plans.push({ chain, deploy: true });
    }
  }
  return plans;
}
