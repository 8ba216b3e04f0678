-- The intents that wait on another (an approval before its trade) are looked up each time an intent settles
-- (db/intents.ts releaseDependents). Without this index that lookup read every pending intent: under a burst of a
-- thousand queued intents, a thousand rows for each one settled.
CREATE INDEX intents_after_intent_idx ON intents (after_intent_id) WHERE after_intent_id IS NOT NULL;
