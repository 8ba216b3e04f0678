-- A chain's restart in the event log (db/events.ts): the finalized block the sequencer last saw of each chain. An
-- event at or below it can never be undone by a reorg, so when its indexed row is gone the chain under this name is
-- another one (a local chain started again, an index rebuilt from another chain): the log appends one `resync`
-- event for the chain instead of a `removed` event for each of its events.
ALTER TABLE event_cursors ADD COLUMN finalized_block bigint NOT NULL DEFAULT -1;
