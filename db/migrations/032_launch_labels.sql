-- A token's launch labels as the log last told them (api/services/launch-watch.ts keeps them): the Token shape reads
-- them, and the watcher tells a change by comparing a report's labels with these. A reorg that removes a label's
-- event puts the row back as it was before that event.
CREATE TABLE launch_labels (
  chain_id   integer NOT NULL,
  token      text    NOT NULL,
  label      text    NOT NULL,
  rule       text    NOT NULL,
  addresses  text[]  NOT NULL,
  figures    jsonb   NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, token, label)
);
-- Token records show them (launch_labels): their caches are told when they change (011_change_notify.sql).
CREATE TRIGGER notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON launch_labels
  FOR EACH STATEMENT EXECUTE FUNCTION notify_change();

-- How far the launch watcher has read the log (one row): events after it are still to be looked at. From the start:
-- the launches the log still holds are labelled.
CREATE TABLE launch_watch_cursor (
  id  boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint  NOT NULL
);
INSERT INTO launch_watch_cursor (seq) VALUES (0);

-- An app event may be told of a chain block: the watcher's launch_label and launch_sell events are of the trade (or
-- the token's last indexed trade) that raised them, with its stream_event row as source, so a reorg that undoes that
-- row removes them as it removes the trade's own events.
ALTER TABLE event_outbox
  ADD COLUMN chain_id     integer,
  ADD COLUMN block_number bigint,
  ADD COLUMN block_hash   text,
  ADD COLUMN source       text;
