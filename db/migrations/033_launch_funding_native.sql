-- Native-coin funding (the launch report's bundles and the creator's wallets): value sent by a call, read with
-- trace_filter where the chain's RPC serves it (api/services/launch-funding.ts). A native row has no log: its
-- log_index is -1 and `trace` is the call's place in its transaction's call tree (its trace address, "" for the
-- transaction's own value, "0.2" for the third call of its first call). A USDC row's `trace` is "".
ALTER TABLE launch_funding ADD COLUMN asset text NOT NULL DEFAULT 'usdc' CHECK (asset IN ('usdc', 'native'));
ALTER TABLE launch_funding ADD COLUMN trace text NOT NULL DEFAULT '';
ALTER TABLE launch_funding DROP CONSTRAINT launch_funding_pkey;
ALTER TABLE launch_funding ADD PRIMARY KEY (chain_id, tx_hash, asset, log_index, trace);

-- Each lookup is made once per asset.
ALTER TABLE launch_funding_checked ADD COLUMN asset text NOT NULL DEFAULT 'usdc' CHECK (asset IN ('usdc', 'native'));
ALTER TABLE launch_funding_checked DROP CONSTRAINT launch_funding_checked_pkey;
ALTER TABLE launch_funding_checked ADD PRIMARY KEY (chain_id, token, wallet, kind, asset);
