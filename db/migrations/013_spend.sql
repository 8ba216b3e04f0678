-- One spending ledger for every execution from a custodial wallet, REST and MCP alike (core/spend.ts,
-- api/services/spending.ts): mcp_spend becomes spend, and each row also names the user (the per-user cap sums
-- over all of a user's keys and JWTs), the interface it came through, and what the intent was.
ALTER TABLE mcp_spend RENAME TO spend;
ALTER INDEX mcp_spend_subject_day_idx RENAME TO spend_subject_day_idx;

COMMENT ON TABLE spend IS
  'USDC each credential and user spent (or has in flight) through executions from the custodial wallet, one row per execution';
COMMENT ON COLUMN api_keys.daily_spend_cap_usdc IS
  'Most a key may spend per UTC day through any execution (REST or MCP), USDC base units; null: the server default cap';

-- The credential's kind: 'key' (an API key, subject key:<api key id>) or 'user' (a JWT, subject user:<user id>).
ALTER TABLE spend ADD COLUMN subject_kind text GENERATED ALWAYS AS (split_part(subject, ':', 1)) STORED;
ALTER TABLE spend ADD COLUMN user_id uuid REFERENCES users(id) ON DELETE CASCADE;
-- 'mcp' or 'rest'; rows before this migration came from MCP tools.
ALTER TABLE spend ADD COLUMN interface text NOT NULL DEFAULT 'mcp' CHECK (interface IN ('mcp', 'rest'));
ALTER TABLE spend ALTER COLUMN interface DROP DEFAULT;

UPDATE spend SET user_id = substr(subject, 6)::uuid WHERE subject LIKE 'user:%';
UPDATE spend s SET user_id = k.user_id FROM api_keys k WHERE s.subject = 'key:' || k.id::text;
DELETE FROM spend WHERE user_id IS NULL;
ALTER TABLE spend ALTER COLUMN user_id SET NOT NULL;

CREATE INDEX spend_user_day_idx ON spend (user_id, day) WHERE released_at IS NULL;
