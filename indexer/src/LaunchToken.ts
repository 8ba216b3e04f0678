/** Transfers of every launched token: holder balances and each token's holders count. */
import { ponder } from "ponder:registry";
import { holder, token } from "ponder:schema";
import { zeroAddress } from "viem";

ponder.on("LaunchToken:Transfer", async ({ event, context }) => {
  const { from, to, value } = event.args;
  if (from === to || value === 0n) return;
  const chainId = context.chain.id;
  const address = event.log.address;
  const updatedBlock = event.block.number;
  let delta = 0;
  if (from !== zeroAddress) {
    const row = await context.db
      .update(holder, { chainId, token: address, address: from })
      .set((h) => ({ balance: h.balance - value, updatedBlock }));
    if (row.balance === 0n) delta -= 1;
  }
  if (to !== zeroAddress) {
    const row = await context.db
      .insert(holder)
      .values({ chainId, token: address, address: to, balance: value, updatedBlock })
      .onConflictDoUpdate((h) => ({ balance: h.balance + value, updatedBlock }));
    if (row.balance === value) delta += 1;
  }
  if (delta !== 0) {
    await context.db.update(token, { chainId, address }).set((t) => ({ holdersCount: t.holdersCount + delta }));
  }
});
