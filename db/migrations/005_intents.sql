-- Execution intents: every transaction the service sends for a user (autoExecute, execute_transaction). Postgres is
-- the record; Redis only dispatches. An intent moves pending -> signed -> broadcast -> confirmed | reverted, or to
-- failed from any step, with its reason. The signed raw transaction is stored before broadcast, so a retry
-- rebroadcasts the same bytes and never signs a second transaction.
CREATE TABLE intents (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE,
  user_id         uuid REFERENCES users(id),
  kind            text NOT NULL CHECK (kind IN ('create_token', 'trade', 'approval', 'transaction', 'claim_fees')),
  chain_slug      text NOT NULL,
  chain_id        integer NOT NULL,
  wallet_index    integer NOT NULL,
  from_address    text NOT NULL,
  to_address      text NOT NULL,
  data            text NOT NULL DEFAULT '0x',
  value           numeric(78, 0) NOT NULL DEFAULT 0,
  -- Intents that must confirm first (an approval before the trade that needs it).
  after_intent_id uuid REFERENCES intents(id),
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'signed', 'broadcast', 'confirmed', 'reverted', 'failed')),
  nonce           bigint,
  gas_limit       numeric(78, 0),
  raw_tx          text,
  tx_hash         text,
  block_number    bigint,
  gas_used        numeric(78, 0),
  error_code      text,
  error_reason    text,
  attempts        integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX intents_nonce_idx ON intents (chain_id, from_address, nonce) WHERE nonce IS NOT NULL;
CREATE INDEX intents_open_idx ON intents (status) WHERE status IN ('pending', 'signed', 'broadcast');
CREATE INDEX intents_user_idx ON intents (user_id, created_at DESC);

-- The next nonce of each custodial wallet per chain. A row lock on it serialises nonce allocation across every
-- worker process, so nonces are unique and contiguous.
CREATE TABLE wallet_nonces (
  chain_id   integer NOT NULL,
  address    text NOT NULL,
  next_nonce bigint NOT NULL,
  PRIMARY KEY (chain_id, address)
);
