-- The spending cap counts gas (api/services/spending.ts). Each intent is sent within the gas and the fee per gas
-- reserved for it when it was recorded (the worker never signs for more), and its gas is one row of the ledger:
-- reserved at max_gas x max_fee_per_gas, then the real cost (gas used x effective gas price) once its receipt is in,
-- priced at the native coin's price of the reservation. A value row stops counting when its intent fails or reverts;
-- a gas row only when its intent fails (never mined): a reverted transaction paid its gas.
ALTER TABLE intents ADD COLUMN max_gas numeric(78, 0), ADD COLUMN max_fee_per_gas numeric(78, 0);
ALTER TABLE spend ADD COLUMN kind text NOT NULL DEFAULT 'value' CHECK (kind IN ('value', 'gas'));
ALTER TABLE spend ADD COLUMN native_usd_price numeric(78, 0);
CREATE INDEX spend_gas_intent_idx ON spend (intent_id) WHERE kind = 'gas';
