-- The event log sequencer's hold after a reorg (db/events.ts): kept with the cursor, so that a sequencer that takes
-- over from one that died during the hold keeps it. While the indexer's checkpoint still reads hold_checkpoint and
-- hold_until has not passed, the chain's cursor stays below the blocks the reorg reverted.
ALTER TABLE event_cursors
  ADD COLUMN hold_checkpoint text,
  ADD COLUMN hold_until      timestamptz;
