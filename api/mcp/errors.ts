/**
 * The MCP error envelope, `{error, code, details}`, built in exactly this one place. Tool failures are tool results
 * with `isError: true` whose text is this JSON; protocol-level failures (a bad credential on /mcp) carry the same
 * JSON as the HTTP body. `details` holds the error's own user-safe details, plus `httpStatus` (the status the same
 * failure has in REST), `retryable`, and `reason` when the code was mapped from another.
 *
 * The spec names seven codes. AppError codes outside them map onto the nearest one: FORBIDDEN →
 * AUTHENTICATION_FAILED (the credential lacks the permission), NOT_FOUND and METHOD_NOT_ALLOWED →
 * INVALID_PARAMETERS (an id that names nothing of yours), INTERNAL and unknown errors → NETWORK_ERROR (a service-side
 * failure a retry may cure; unknown errors are logged with their cause and shown only as "Internal server error").
 */
import type { ZodError } from "zod";
import { AppError, type ErrorCode, fromDependencyError } from "../../core/errors.js";
import { apiLog } from "../log.js";
import { validationError } from "../validation.js";

/** The spec's seven tool-server codes: the AppError codes less the REST-only ones. */
export type McpErrorCode = Exclude<ErrorCode, "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "INTERNAL">;

export type McpErrorBody = { error: string; code: McpErrorCode; details: Record<string, unknown> };

const codeOf: Record<ErrorCode, McpErrorCode> = {
  AUTHENTICATION_FAILED: "AUTHENTICATION_FAILED",
  INSUFFICIENT_BALANCE: "INSUFFICIENT_BALANCE",
  INVALID_PARAMETERS: "INVALID_PARAMETERS",
  NETWORK_ERROR: "NETWORK_ERROR",
  RATE_LIMIT_EXCEEDED: "RATE_LIMIT_EXCEEDED",
  TOKEN_NOT_FOUND: "TOKEN_NOT_FOUND",
  TRANSACTION_FAILED: "TRANSACTION_FAILED",
  FORBIDDEN: "AUTHENTICATION_FAILED",
  NOT_FOUND: "INVALID_PARAMETERS",
  METHOD_NOT_ALLOWED: "INVALID_PARAMETERS",
  INTERNAL: "NETWORK_ERROR",
};

const isZodError = (error: unknown): error is ZodError =>
  typeof error === "object" && error !== null && (error as { name?: unknown }).name === "ZodError";

/**
 * Any thrown value → the envelope. Validation errors read as in REST ("Missing required fields: …"); a statement
 * cut by the database's statement timeout is a retryable NETWORK_ERROR (503 in REST).
 */
export function mcpErrorBody(error: unknown): McpErrorBody {
  const e = isZodError(error) ? validationError(error) : fromDependencyError(error);
  if (e instanceof AppError) {
    const details: Record<string, unknown> = { ...e.details, httpStatus: e.status, retryable: e.retryable };
    if (codeOf[e.code] !== e.code) details.reason = e.code.toLowerCase();
    return { error: e.message, code: codeOf[e.code], details };
  }
  apiLog.error({ err: e }, "mcp: unhandled error");
  return { error: "Internal server error", code: "NETWORK_ERROR", details: { httpStatus: 500, retryable: true } };
}
