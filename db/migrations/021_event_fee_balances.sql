-- The USDC fees of each recipient as the event log has told them so far (db/events.ts): the sequencer adds every
-- `fees` event's amount here in the transaction that appends it, takes it back when a reorg removes the event, and
-- writes the balance after it into the event (accrued, claimed, claimable). The indexer writes no fee row per trade
-- (the trade rows hold the shares), so the log keeps its own running balance.
CREATE TABLE event_fee_balances (
  chain_id  integer     NOT NULL,
  recipient text        NOT NULL,
  accrued   numeric(78) NOT NULL,
  claimed   numeric(78) NOT NULL,
  PRIMARY KEY (chain_id, recipient)
);

-- A log that exists already: its live USDC fees events, summed.
INSERT INTO event_fee_balances (chain_id, recipient, accrued, claimed)
SELECT chain_id, data->>'recipient',
       coalesce(sum((data->>'amount')::numeric) FILTER (WHERE data->>'type' = 'accrued'), 0),
       coalesce(sum((data->>'amount')::numeric) FILTER (WHERE data->>'type' = 'claimed'), 0)
  FROM events
 WHERE kind = 'fees' AND data->>'asset' = 'usdc' AND removed_by IS NULL AND chain_id IS NOT NULL
 GROUP BY chain_id, data->>'recipient';
