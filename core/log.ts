/**
 * Structured logs: one JSON object per line on stdout (pino), for every process. Each line carries the process's
 * name and, while a request or an intent is being handled, its request id (and intent id): the API takes the id from
 * the request's X-Request-Id or makes one (api/app.ts), records it on the intents the request makes
 * (db/intents.ts), and the worker puts it back in context when it executes them (worker/processors/execute.ts), so
 * one grep follows a trade from the API call to its transaction. LOG_LEVEL sets the level (default info).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pino } from "pino";

/** What is being handled: the request, and the intent once there is one. */
export type LogContext = { requestId?: string; intentId?: string };

/** The context of the work in progress, read by every log line (and by createIntent, for the request id). */
export const logContext = new AsyncLocalStorage<LogContext>();

export type Logger = pino.Logger;

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    name,
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => ({ ...logContext.getStore() }),
  });
}

/** A `(line) => void` log function, as the processes' parts take, writing info lines to `logger`. */
export const lineLog =
  (logger: Logger) =>
  (line: string): void =>
    logger.info(line);
