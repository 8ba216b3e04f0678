/**
 * One family of application errors. Each carries a stable code, the HTTP status it maps to, a message that is
 * safe to show a user, an optional cause (logged, never shown) and whether a retry can help.
 */

/** The error codes of the spec's tool server, plus the REST-only ones. Stable: clients match on them. */
export const errorCodes = [
  "AUTHENTICATION_FAILED",
  "INSUFFICIENT_BALANCE",
  "INVALID_PARAMETERS",
  "NETWORK_ERROR",
  "RATE_LIMIT_EXCEEDED",
  "TOKEN_NOT_FOUND",
  "TRANSACTION_FAILED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const statusOf: Record<ErrorCode, number> = {
  AUTHENTICATION_FAILED: 401,
  INSUFFICIENT_BALANCE: 400,
  INVALID_PARAMETERS: 400,
  NETWORK_ERROR: 502,
  RATE_LIMIT_EXCEEDED: 429,
  TOKEN_NOT_FOUND: 404,
  TRANSACTION_FAILED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL: 500,
};

export type AppErrorParameters = {
  cause?: unknown;
  /** Structured, user-safe details (for the MCP envelope's `details`). */
  details?: Record<string, unknown>;
  /** Overrides the status the code maps to. */
  status?: number;
  retryable?: boolean;
};

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly retryable: boolean;

  constructor(code: ErrorCode, message: string, p: AppErrorParameters = {}) {
    super(message, p.cause === undefined ? undefined : { cause: p.cause });
    this.code = code;
    this.status = p.status ?? statusOf[code];
    this.details = p.details ?? {};
    this.retryable = p.retryable ?? code === "NETWORK_ERROR";
  }
}

/** Postgres's query_canceled: a statement cut by its statement_timeout (DB_STATEMENT_TIMEOUT_MS) or cancelled. */
const QUERY_CANCELED = "57014";

/** Seconds a client is told to wait (Retry-After) when a dependency is down. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that cannot serve now: connection exceptions (class 08), the server shutting down or
 * starting up (57P01-57P03), too many connections (53300).
 */
const DATABASE_DOWN = /^(08...|57P0[1-3]|53300)$/;
/** Node's socket errors: the server refused, reset or never answered. */
const SOCKET_DOWN = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
/** What node-postgres throws when its connection ends or cannot be made in time. */
const PG_DOWN =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
/** What ioredis throws when Redis is unreachable: its retries ran out, or the connection is closed. */
const REDIS_DOWN = /^(Reached the max retries per request limit|Connection is closed|Stream isn't writeable)/;

/** Which dependency `error` says is down, or null when it says nothing of the kind. */
export function downDependencyOf(error: unknown): "database" | "redis" | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message, name, stack } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    stack?: unknown;
  };
  const text = typeof message === "string" ? message : "";
  if (name === "MaxRetriesPerRequestError" || REDIS_DOWN.test(text)) return "redis";
  if (typeof code === "string" && DATABASE_DOWN.test(code)) return "database";
  if (PG_DOWN.test(text)) return "database";
  if (typeof code === "string" && SOCKET_DOWN.has(code)) {
    // The socket's owner, read off where it was made: ioredis's errors come through its own modules.
    return typeof stack === "string" && stack.includes("ioredis") ? "redis" : "database";
  }
  return null;
}

/**
 * `error` as the AppError it stands for when a dependency failed it, 503 NETWORK_ERROR, which a retry may cure (the
 * cause is kept for the log, never shown): a Postgres statement cut by the statement timeout, or Postgres or Redis
 * down (`details.retryAfterSeconds`, which REST sends as Retry-After). Anything else is returned unchanged. The REST
 * and MCP error envelopes both pass every error through it.
 */
export function fromDependencyError(error: unknown): unknown {
  if (typeof error !== "object" || error === null) return error;
  if ((error as { code?: unknown }).code === QUERY_CANCELED) {
    return new AppError("NETWORK_ERROR", "The database took too long to answer; try again", {
      status: 503,
      cause: error,
      details: { reason: "statement_timeout" },
    });
  }
  const down = downDependencyOf(error);
  if (!down) return error;
  const what = down === "database" ? "The database" : "The cache (Redis)";
  return new AppError("NETWORK_ERROR", `${what} is unavailable; try again in a few seconds`, {
    status: 503,
    cause: error,
    details: { reason: `${down}_unavailable`, retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS },
  });
}

/**
 * Thrown by core/curve.ts where the contract's CurveMath reverts, so that a quote computed here fails exactly
 * where the transaction would.
 */
export class CurveMathError extends Error {
  override name = "CurveMathError";
  /** The contract's custom error (or panic) this mirrors. */
  readonly reason: "InsufficientReserve" | "Overflow" | "Underflow" | "DivisionByZero";

  constructor(reason: CurveMathError["reason"], detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.reason = reason;
  }
}
