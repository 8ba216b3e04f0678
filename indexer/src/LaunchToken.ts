/**
 * Transfers of every launched token on its home chain: holder balances and their average cost, each token's holders
 * count, and the transfer rows of transfers between holders. Curve mints and burns and transfers to or from the
 * token's V3 pool are trade legs: their cost is booked from the trade (lib/book.ts). Transfers to and from the token
 * contract itself are the OFT's lock and unlock (what leaves for or comes back from another chain): the lock is no
 * holder, and the move is recorded leg by leg (oft_send, oft_receive; lib/oft.ts).
 */
import { ponder } from "ponder:registry";
import { pool } from "ponder:schema";
import { zeroAddress } from "viem";
import { isCurveLeg } from "../lib/book.js";
import { bookTransfer, recordTransfer } from "../lib/holders.js";
import { onOftReceived, onOftSent } from "../lib/oft.js";
import { publish } from "../lib/stream.js";

ponder.on("LaunchToken:Transfer", async ({ event, context }) => {
  const { from, to, value } = event.args;
  if (from === to || value === 0n) return;
  // A curve trade's own mint or burn: its Trade log, next in the call, books it with the trade (lib/book.ts).
  if (isCurveLeg(from, to, event.transaction.from)) return;
  const chainId = context.chain.id;
  const address = event.log.address;
  const self = address.toLowerCase();
  const bridged = from.toLowerCase() === self || to.toLowerCase() === self;
  // Between holders or chains (not a trade leg): the pool's price now values it for the recipient.
  let price: bigint | null = null;
  let found: typeof pool.$inferSelect | null = null;
  if (from !== zeroAddress && to !== zeroAddress) {
    found = await context.db.find(pool, { chainId, token: address });
    const v3 = found?.v3Pool?.toLowerCase();
    if (found && from.toLowerCase() !== v3 && to.toLowerCase() !== v3) price = found.price;
  }
  const { delta, balances } = await bookTransfer(context, {
    chainId,
    token: address,
    from: from.toLowerCase() === self ? zeroAddress : from,
    to: to.toLowerCase() === self ? zeroAddress : to,
    value,
    price,
    block: event.block.number,
  });
  // The token's holders count is its pool row's (ponder.schema.ts).
  const counted =
    delta !== 0
      ? await context.db
          .update(pool, { chainId, token: address })
          .set((p) => ({ holdersCount: p.holdersCount + delta }))
      : (found ?? (await context.db.find(pool, { chainId, token: address })));
  await publish(context, event, "transfer", address, {
    token: address,
    from,
    to,
    value,
    balances,
    holdersCount: counted?.holdersCount ?? null,
  });
  if (price !== null && !bridged) {
    await recordTransfer(context, event, { chainId, token: address, from, to, value, price });
  }
});

ponder.on("LaunchToken:OFTSent", async ({ event, context }) => {
  await onOftSent(context, event, { homeChainId: context.chain.id, homeToken: event.log.address });
});

ponder.on("LaunchToken:OFTReceived", async ({ event, context }) => {
  await onOftReceived(context, event, { homeChainId: context.chain.id, homeToken: event.log.address });
});
