/**
 * What a tool is: a name, a description an assistant can act on, zod input and output schemas (the REST schemas,
 * narrowed where the spec's tool form says so), who may call it, and a thin `run` over the REST services.
 */
import { z } from "zod";
import { AppError } from "../../core/errors.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import type { McpConfig } from "./config.js";

export type McpContext = {
  deps: ApiDeps;
  config: McpConfig;
  /** The authenticated caller; absent for anonymous callers. */
  user?: AuthedUser;
  /** Rate-limit subject of anonymous callers: the client's address ("stdio" for the stdio entry). */
  clientAddress: string;
  transport: "http" | "stdio";
  /** Where the OAuth protected-resource metadata is served (RFC 9728), for authentication errors. */
  resourceMetadataUrl: string;
};

export type ToolSpec<I extends z.ZodType, O extends z.ZodType> = {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  /** "public": anonymous callers may use it (read-only tools); "user": a credential is required. */
  access: "public" | "user";
  /** True when the tool changes nothing (no transaction, no record). */
  readOnly: boolean;
  run: (ctx: McpContext, input: z.output<I>) => Promise<z.input<O>>;
};

/** A tool with its types erased, for the registry: `call` validates the input and the output itself. */
export type McpTool = Omit<ToolSpec<z.ZodType, z.ZodType>, "run"> & {
  call: (ctx: McpContext, args: unknown) => Promise<Record<string, unknown>>;
};

export function defineTool<I extends z.ZodType, O extends z.ZodType>(spec: ToolSpec<I, O>): McpTool {
  const { run, ...meta } = spec;
  return {
    ...meta,
    call: async (ctx, args) => {
      const result = await run(ctx, spec.input.parse(args ?? {}));
      const checked = spec.output.safeParse(result);
      // The service answered something the schema does not promise: a defect here, not the caller's mistake.
      if (!checked.success) throw new Error(`${spec.name}: output does not match its schema: ${checked.error.message}`);
      return checked.data as Record<string, unknown>;
    },
  };
}

/** The caller, or AUTHENTICATION_FAILED with where to get a credential (OAuth metadata). */
export function requireUser(ctx: McpContext): AuthedUser {
  if (ctx.user) return { ...ctx.user, via: "mcp" };
  throw new AppError("AUTHENTICATION_FAILED", "Missing authorization header", {
    details: { resource_metadata: ctx.resourceMetadataUrl },
  });
}

/** The chains of the spec's tool form. */
export const toolChainSlug = z.enum(["base", "base-sepolia"]);

export const dryRunField = z
  .boolean()
  .default(false)
  .describe(
    "Simulate only (eth_simulateV1 from your wallet on record, on the latest block): returns what would happen, broadcasts nothing and spends nothing",
  );
