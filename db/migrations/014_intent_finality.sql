-- Finality of intents: the hash of the block a transaction was confirmed in, so that a reorg that drops or moves it
-- is noticed (worker/processors/finality.ts), and how often that happened to the intent.
ALTER TABLE intents ADD COLUMN block_hash text;
ALTER TABLE intents ADD COLUMN reorg_count integer NOT NULL DEFAULT 0;
CREATE INDEX intents_settled_block_idx ON intents (chain_id, block_number) WHERE status IN ('confirmed', 'reverted');
