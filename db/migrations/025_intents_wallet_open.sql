-- A custodial wallet's open intents, by chain: a trade that needs the wallet's approval waits on the one still open
-- instead of sending another (api/services/auto-execute.ts openSharedStep), looked up under the user's lock on every
-- such trade.
CREATE INDEX intents_wallet_open_idx ON intents (chain_id, from_address)
  WHERE status IN ('pending', 'signed', 'broadcast');
