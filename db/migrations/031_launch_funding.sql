-- The USDC that funded a token's early buyers (the launch report, api/services/launch-funding.ts): read from the chain's
-- Transfer logs once per wallet and token, when a report first needs it, and kept. A transfer is a fact of its chain,
-- shared by every token's report that reads it; launch_funding_checked says which lookups were made, so none is made
-- twice. Only what reports asked for is here: the early buyers' incoming USDC, the incoming USDC of those who funded
-- them (one hop), and the creator's outgoing USDC up to the end of the launch window.
CREATE TABLE launch_funding (
  chain_id     integer NOT NULL,
  tx_hash      text    NOT NULL,
  log_index    integer NOT NULL,
  "from"       text    NOT NULL,
  "to"         text    NOT NULL,
  value        numeric NOT NULL,
  block_number bigint  NOT NULL,
  "timestamp"  bigint  NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX launch_funding_to_idx ON launch_funding (chain_id, "to", block_number);
CREATE INDEX launch_funding_from_idx ON launch_funding (chain_id, "from", block_number);

-- kind: `in` (USDC to the wallet), `hop` (USDC to a funder of an early buyer), `out` (USDC from the creator).
CREATE TABLE launch_funding_checked (
  chain_id   integer NOT NULL,
  token      text    NOT NULL,
  wallet     text    NOT NULL,
  kind       text    NOT NULL CHECK (kind IN ('in', 'hop', 'out')),
  from_block bigint  NOT NULL,
  to_block   bigint  NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, token, wallet, kind)
);
