/**
 * The vocabulary of the social benchmark's generated text: words of a token-trading community, most common first.
 * Text draws them with a Zipf-like skew (pickWord), so a few words are in a large share of posts and most are rare,
 * as in real posts; search queries are chosen at known frequency ranks.
 */
import { mulberry32 } from "../indexer/generateChain.js";

export const WORDS: readonly string[] = `
the token moon buy price community launch chart holders today pump dip bullish team liquidity volume early
gem hold sell market curve graduation uniswap pool whale floor rally breakout support resistance roadmap
airdrop staking rewards degen alpha signal entry exit profit loss bag ape fomo fud bearish green candle red
wick trend reversal accumulate distribution partnership listing exchange wallet bridge chain base solana bnb
gas fees creator builder referral meme startup preseed raise valuation cap supply burn mint contract audit
security rug scam legit doxxed anon founder developer update release feature product users growth adoption
narrative season cycle halving macro rates inflation dollar stable usdc yield farm vault strategy portfolio
diversify risk reward leverage short long squeeze liquidation funding open interest orderbook slippage spread
arbitrage bot sniper mev frontrun sandwich oracle governance proposal vote quorum treasury dao multisig
vesting unlock cliff allocation tokenomics emission inflationary deflationary buyback dividend revenue
protocol layer rollup zk optimistic sequencer validator node consensus finality block explorer transaction
hash nonce signature permit approval allowance router quoter tick range position concentrated impermanent
rebalance hedge delta neutral basis premium discount sentiment index dominance altcoin bitcoin ethereum
memecoin frog dog cat pepe wagmi ngmi gm gn lfg based cope seethe ser fren hodl diamond hands paper rekt
moonshot lambo wen soon ath atl flip flippening retest consolidation accumulation capitulation euphoria
despair hopium copium thesis conviction patience discipline journal recap weekly daily thread explained guide
tutorial question answer podcast livestream space ama giveaway contest leaderboard streak milestone
anniversary celebration announcement teaser sneak peek mainnet testnet beta waitlist invite club members
exclusive private public holders-only access
`
  .split(/\s+/)
  .filter((w) => w.length > 0);

/** A word with a Zipf-like skew: rank r is drawn with probability falling roughly as 1 / r. */
export function pickWord(random: () => number): string {
  const rank = Math.floor(WORDS.length * random() ** 2.2);
  return WORDS[rank] as string;
}

/** `count` sentences of 5 to 14 words, deterministic for a seed. */
export function sentences(count: number, seed: number): string[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const n = 5 + Math.floor(random() * 10);
    const words = Array.from({ length: n }, () => pickWord(random));
    const first = words[0] as string;
    words[0] = first.charAt(0).toUpperCase() + first.slice(1);
    return `${words.join(" ")}${random() < 0.3 ? "!" : "."}`;
  });
}
