/**
 * The validation message rule, in one place: the REST validation hook (api/app.ts createApp) and the MCP error
 * envelope (api/mcp/errors.ts) both turn zod errors into the same AppError with it.
 */
import type { ZodError } from "zod";
import { AppError } from "../core/errors.js";
import { REQUIRED } from "../core/schemas.js";

/** Turns zod issues into the spec's messages: "Missing required fields: a, b", the enum message, or the first issue. */
export function validationError(error: ZodError): AppError {
  const missing = error.issues.filter((i) => i.message === REQUIRED).map((i) => i.path.join("."));
  if (missing.length > 0) return new AppError("INVALID_PARAMETERS", `Missing required fields: ${missing.join(", ")}`);
  const issue = error.issues[0];
  const field = issue?.path.join(".") || "body";
  if (issue?.code === "invalid_value" && "values" in issue) {
    return new AppError(
      "INVALID_PARAMETERS",
      `Invalid ${field} value. Must be one of: ${(issue.values as unknown[]).join(", ")}`,
    );
  }
  return new AppError("INVALID_PARAMETERS", `Invalid ${field}: ${issue?.message ?? "invalid input"}`);
}
