/** Token base units (18 decimals) at the JSON boundary: a display number of whole tokens and the exact string. */
import { formatUnits } from "viem";

/** Whole tokens as a JSON number (base units / 1e18; a float keeps ~15 significant digits). */
export const wholeTokens = (baseUnits: bigint | string) => Number(formatUnits(BigInt(baseUnits), 18));

/** The four weighted-count fields of a record from its base-unit sums. */
export function weightedCounts(up: string | bigint, down: string | bigint) {
  return {
    weighted_upvotes: wholeTokens(up),
    weighted_downvotes: wholeTokens(down),
    weighted_upvotes_wei: String(up),
    weighted_downvotes_wei: String(down),
  };
}

export const iso = (d: Date) => d.toISOString();

/** The counters of a vote target (token, post, livestream, poll option) as its record shows them. */
export type VoteCounts = ReturnType<typeof tallyCounts>;

/** A vote_tallies row (LEFT JOINed: null when nobody voted) as the counters of a record. */
export function tallyCounts(r: {
  upvotes: number | null;
  downvotes: number | null;
  weighted_upvotes: string | null;
  weighted_downvotes: string | null;
}) {
  return {
    upvotes: r.upvotes ?? 0,
    downvotes: r.downvotes ?? 0,
    ...weightedCounts(r.weighted_upvotes ?? "0", r.weighted_downvotes ?? "0"),
  };
}
