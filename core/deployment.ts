/**
 * The deployment file, deployments/<chainSlug>.json: its schema and its reader. scripts/deploy.ts writes it; the
 * API, the worker and the indexer read it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Address, isAddress } from "viem";
import { z } from "zod";
import { type ChainSlug, chainSlugSchema, getChain } from "./chains.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Where deployments/<chainSlug>.json live; DEPLOYMENTS_DIR overrides it (tests use their own folder). */
export function deploymentsDir(): string {
  return process.env.DEPLOYMENTS_DIR ? resolve(process.env.DEPLOYMENTS_DIR) : join(root, "deployments");
}

const addressSchema = z.custom<Address>((value) => typeof value === "string" && isAddress(value), {
  message: "expected a 0x-prefixed 20-byte address (checksummed if mixed case)",
});

export const deploymentSchema = z.object({
  chainSlug: chainSlugSchema,
  chainId: z.number().int().positive(),
  /** Block of the first contract this deployment created: where indexers start. */
  startBlock: z.number().int().nonnegative(),
  deployer: addressSchema,
  protocolFeeRecipient: addressSchema,
  /** The chain's LayerZero endpoint id. */
  lzEid: z.number().int().positive(),
  contracts: z.object({
    usdc: addressSchema,
    weth9: addressSchema,
    multicall3: addressSchema,
    v3Factory: addressSchema,
    positionManager: addressSchema,
    swapRouter: addressSchema,
    quoterV2: addressSchema,
    launchpad: addressSchema,
    /** LayerZero's EndpointV2 on this chain (the published one on live networks, the local stand-in's on anvil). */
    lzEndpoint: addressSchema,
    /** The local stand-in's SimpleMessageLib, whose packets the relayer verifies (anvil only). */
    lzMessageLib: addressSchema.optional(),
    /** Deploys launched tokens' peers; at one address on every chain. */
    peerFactory: addressSchema,
  }),
});

export type Deployment = z.infer<typeof deploymentSchema>;

/** Reads and validates deployments/<chainSlug>.json, the one source of deployed addresses. */
export function readDeployment(chainSlug: ChainSlug): Deployment {
  const slug = getChain(chainSlug).slug;
  const path = join(deploymentsDir(), `${slug}.json`);
  if (!existsSync(path)) {
    throw new Error(
      `No deployment for ${slug}: ${relative(process.cwd(), path)} does not exist. Deploy first (\`npm start\` for local anvil, or \`CHAIN_SLUG=${slug} npm run deploy\`).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${relative(process.cwd(), path)} is not valid JSON.`, { cause: error });
  }
  const parsed = deploymentSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`${relative(process.cwd(), path)} is not a valid deployment:\n${problems.join("\n")}`);
  }
  if (parsed.data.chainSlug !== slug) {
    throw new Error(`${relative(process.cwd(), path)} is for ${parsed.data.chainSlug}, not ${slug}.`);
  }
  return parsed.data;
}
