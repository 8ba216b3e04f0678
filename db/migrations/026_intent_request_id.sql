-- The id of the API request that recorded an intent (its X-Request-Id, or one the API made): the worker logs it with
-- every step of the intent, so one id follows a trade from the API call to its transaction (core/log.ts).
ALTER TABLE intents ADD COLUMN request_id text;
