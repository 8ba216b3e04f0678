/**
 * What the log tells of a launch's labels and insiders' sells (the launch watcher, api/services/launch-watch.ts, runs
 * these on each report it makes): which labels changed since the log last told them, which sells were the creator's
 * or a bundle's, and how a reorg that removed a `launch_label` event puts a label back as it was before it.
 *
 * A label is told when it is raised, when the wallets it names change (`updated`), and when it no longer holds
 * (`withdrawn`); its figures alone moving (a held share after every trade) tell nothing, and are kept for the next
 * change and the Token shape. `concentrated` names the ten largest holders, who change with most trades: only its
 * raising and withdrawal are told.
 */
import type { Label, LaunchReport } from "./launch-report.js";

/** A label as the log last told it (app table launch_labels). */
export type ToldLabel = Omit<Label, "label"> & { label: string };

export type LabelChange = "raised" | "updated" | "withdrawn";

/** The data of a `launch_label` event, before its chain place. */
export type LabelEventData = {
  label: string;
  change: LabelChange;
  rule: string;
  /** The wallets it names now (none once withdrawn). */
  addresses: string[];
  /** The wallets it named before this event (none when raised). */
  previous: string[];
  figures: Record<string, string | number>;
};

/** Labels whose wallets changing is told (`updated`). */
const WALLETS_TOLD: ReadonlySet<string> = new Set(["sniped", "bundled", "creator_sold"]);

const sameSet = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};

/** The events that bring what the log told (`told`) to what a report says now (`now`), in label order. */
export function labelChanges(told: readonly ToldLabel[], now: readonly Label[]): LabelEventData[] {
  const before = new Map(told.map((l) => [l.label, l]));
  const after = new Map(now.map((l) => [l.label as string, l]));
  const changes: LabelEventData[] = [];
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const b = before.get(name);
    const a = after.get(name);
    if (a && !b) {
      changes.push({
        label: name,
        change: "raised",
        rule: a.rule,
        addresses: a.addresses,
        previous: [],
        figures: a.figures,
      });
    } else if (a && b && WALLETS_TOLD.has(name) && !sameSet(a.addresses, b.addresses)) {
      changes.push({
        label: name,
        change: "updated",
        rule: a.rule,
        addresses: a.addresses,
        previous: b.addresses,
        figures: a.figures,
      });
    } else if (b && !a) {
      changes.push({
        label: name,
        change: "withdrawn",
        rule: b.rule,
        addresses: [],
        previous: b.addresses,
        figures: b.figures,
      });
    }
  }
  return changes;
}

/**
 * The label as it was before `event` (a `launch_label` event a reorg removed), or null when there was none: what the
 * log tells once the event is undone.
 */
export function labelBefore(event: LabelEventData): ToldLabel | null {
  if (event.previous.length === 0) return null;
  return { label: event.label, rule: event.rule, addresses: event.previous, figures: event.figures };
}

export type SellerRole = "creator" | "creator_wallet" | "bundle";

/** Whose sell it is, by a report: the creator's, a wallet the creator funded, a bundle's; null for anyone else's. */
export function sellerRole(report: Pick<LaunchReport, "creator" | "bundles">, seller: string): SellerRole | null {
  const s = seller.toLowerCase();
  if (s === report.creator.address) return "creator";
  if (report.creator.wallets.some((w) => w.address === s)) return "creator_wallet";
  if (report.bundles.some((b) => b.wallets.includes(s))) return "bundle";
  return null;
}
