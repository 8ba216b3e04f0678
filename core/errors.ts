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

/**
 * `error` as the AppError it stands for when it is a Postgres statement cut by the statement timeout: 503
 * NETWORK_ERROR, which a retry may cure (the cause is kept for the log, never shown). Anything else is returned
 * unchanged. The REST and MCP error envelopes both pass every error through it.
 */
export function fromDatabaseError(error: unknown): unknown {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== QUERY_CANCELED) {
    return error;
  }
  return new AppError("NETWORK_ERROR", "The database took too long to answer; try again", {
    status: 503,
    cause: error,
    details: { reason: "statement_timeout" },
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
