-- MCP tool server safety: per-key destination allowlists and the daily spending ledger of write tools.

-- The cap column of 001: a key without a cap of its own (null) gets the server's default cap
-- (MCP_DAILY_SPEND_CAP_USD, 1000 USD unless set; "off" for none).
COMMENT ON COLUMN api_keys.daily_spend_cap_usdc IS
  'Most a key may spend per UTC day through MCP write tools, USDC base units; null: the server default cap';

-- Destinations execute_transaction may send to with this key (lower-case 0x addresses); null: the server default
-- (MCP_ALLOWED_DESTINATIONS), or no restriction when that is unset too.
ALTER TABLE api_keys ADD COLUMN allowed_destinations text[];

-- USDC each credential spent (or has in flight) through MCP write tools, one row per spending call. A row is
-- reserved before the transaction is submitted and released when the execution fails, so a failed trade does not
-- count. Subject: 'key:<api key id>' or 'user:<user id>' (JWT / OAuth credentials).
CREATE TABLE mcp_spend (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject     text NOT NULL,
  -- The UTC day the spend counts against.
  day         date NOT NULL,
  tool        text NOT NULL,
  amount_usdc numeric(78, 0) NOT NULL CHECK (amount_usdc >= 0),
  intent_id   uuid REFERENCES intents(id),
  released_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_spend_subject_day_idx ON mcp_spend (subject, day) WHERE released_at IS NULL;
