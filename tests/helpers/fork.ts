/**
 * A stand-in for Base Sepolia that needs no internet: an "upstream" anvil with the contracts the service uses from
 * the network at Base Sepolia's published addresses (core/chains.ts), for a fork of it (ANVIL_FORK_URL) to run on.
 *
 * Each contract is deployed normally from its npm or forge artifact, then its runtime code is placed at the published
 * address (anvil_setCode), with the temporary address replaced by the published one wherever the code holds it (an
 * immutable such as the Uniswap factory's NoDelegateCall guard), and its first storage slots and fee-tier entries
 * copied (owners, initialised counters). The published router is SwapRouter02; the npm packages we have hold the
 * original SwapRouter, which stands there instead: the service never calls a router (its trades go through the
 * launchpad, its quotes through QuoterV2), the deploy only checks that code stands at every published address.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  getAddress,
  type Hex,
  http,
  keccak256,
  numberToHex,
  pad,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { chainBySlug } from "../../core/chains.js";
import { startAnvil } from "../../scripts/anvil.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

type Artifact = { abi: Abi; bytecode: Hex };
function artifact(path: string): Artifact {
  const json = JSON.parse(readFileSync(join(root, path), "utf8")) as {
    abi: Abi;
    bytecode: string | { object: string };
  };
  return { abi: json.abi, bytecode: (typeof json.bytecode === "string" ? json.bytecode : json.bytecode.object) as Hex };
}
const forge = (name: string) => artifact(`contracts/out/${name}.sol/${name}.json`);
const uniswap = (pkg: string, path: string) => artifact(`node_modules/@uniswap/${pkg}/artifacts/contracts/${path}`);
const layerZero = (path: string) =>
  artifact(`node_modules/@layerzerolabs/lz-evm-protocol-v2/artifacts/contracts/${path}`);

/** Storage slots copied from the temporary contract: enough for every contract placed here. */
const SLOTS = 24;
/** Uniswap V3 fee tiers whose tick spacing the factory keeps in a mapping. */
const FEE_TIERS = [100, 500, 3000, 10000];

/** Starts the upstream anvil (chain 84532) with Base Sepolia's published contracts in place. */
export async function startPublishedUpstream() {
  const published = chainBySlug["base-sepolia"];
  const anvil = await startAnvil({ port: 0, chainId: published.chainId });
  const transport = http(anvil.rpcUrl);
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
  const viemChain = {
    id: published.chainId,
    name: "upstream",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  } as const;
  const client = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const test = createTestClient({ chain: viemChain, transport, mode: "anvil" });
  const wallet = createWalletClient({ account, chain: viemChain, transport });

  const deployTemp = async (a: Artifact, args: readonly unknown[] = []) => {
    const hash = await wallet.deployContract({ abi: a.abi, bytecode: a.bytecode, args });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error("temporary deployment failed");
    return getAddress(receipt.contractAddress);
  };
  /** Puts `temp`'s code and state at `at`, the published address. */
  const place = async (temp: Address, at: Address, mappingSlots: Hex[] = []) => {
    const code = (await client.getCode({ address: temp })) ?? "0x";
    const moved = code.toLowerCase().replaceAll(temp.slice(2).toLowerCase(), at.slice(2).toLowerCase()) as Hex;
    await test.setCode({ address: at, bytecode: moved });
    const slots: Hex[] = [...Array.from({ length: SLOTS }, (_, i) => numberToHex(i, { size: 32 })), ...mappingSlots];
    for (const slot of slots) {
      const value = await client.getStorageAt({ address: temp, slot });
      if (value && BigInt(value) !== 0n) await test.setStorageAt({ address: at, index: slot, value: pad(value) });
    }
  };

  const uni = published.uniswapV3;
  const weth = await deployTemp(forge("WETH9"));
  await place(await deployTemp(forge("MockUSDC")), published.usdc);
  await place(await deployTemp(forge("Multicall3")), published.multicall3);
  const feeSlots = FEE_TIERS.flatMap((fee) =>
    Array.from({ length: 8 }, (_, slot) =>
      keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [BigInt(fee), BigInt(slot)])),
    ),
  );
  await place(
    await deployTemp(uniswap("v3-core", "UniswapV3Factory.sol/UniswapV3Factory.json")),
    uni.factory,
    feeSlots,
  );
  await place(
    await deployTemp(uniswap("v3-periphery", "NonfungiblePositionManager.sol/NonfungiblePositionManager.json"), [
      uni.factory,
      weth,
      "0x0000000000000000000000000000000000000000",
    ]),
    uni.positionManager,
  );
  await place(
    await deployTemp(uniswap("v3-periphery", "SwapRouter.sol/SwapRouter.json"), [uni.factory, weth]),
    uni.swapRouter,
  );
  await place(
    await deployTemp(uniswap("v3-periphery", "lens/QuoterV2.sol/QuoterV2.json"), [uni.factory, weth]),
    uni.quoterV2,
  );
  await place(
    await deployTemp(layerZero("EndpointV2.sol/EndpointV2.json"), [published.layerZero.eid, account.address]),
    published.layerZero.endpoint,
  );
  // the placed factory answers as the one deployed: its owner and fee tiers
  const factoryAbi = uniswap("v3-core", "UniswapV3Factory.sol/UniswapV3Factory.json").abi;
  const spacing = await client.readContract({
    address: uni.factory,
    abi: factoryAbi,
    functionName: "feeAmountTickSpacing",
    args: [10000],
  });
  if (Number(spacing) !== 200) throw new Error(`placed factory: fee tier 10000 has tick spacing ${spacing}, not 200`);
  // a few blocks past the placements, as a fork would find a live network
  await test.mine({ blocks: 3 });
  return { rpcUrl: anvil.rpcUrl, published, stop: anvil.stop };
}
