-- The event log's identity: a uuid made with the log. Seqs count from 1 in every log, so a resume point means
-- something only in the log that gave it; a client that names the log with its seq (streams' `log`) is told to resync
-- when the log was made again (a database reset), instead of following another log's events from its old seq.
CREATE TABLE event_log (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO event_log DEFAULT VALUES;
