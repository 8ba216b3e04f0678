/**
 * Renders docs/api.md, the endpoint reference, from the OpenAPI document the API serves: the same zod schemas that
 * validate requests, so the reference cannot say other than the code. Nothing is started: the routes are registered
 * on a bare app.
 *
 *   tsx scripts/gen-api-doc.ts           write docs/api.md
 *   tsx scripts/gen-api-doc.ts --check   exit 1 when docs/api.md differs from what the code describes
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OpenAPIHono } from "@hono/zod-openapi";
import { API_BASE, openApiConfig } from "../api/app.js";
import type { AppEnv } from "../api/env.js";
import { registerRoutes } from "../api/routes/index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "docs", "api.md");
const command = "npm run api-doc";

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
};
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
};
type Document = {
  paths: Record<string, { post?: Operation }>;
  webhooks?: Record<string, { post?: Operation }>;
  components?: { schemas?: Record<string, Schema> };
};

/** The document as /functions/v1/openapi.json serves it. */
export function apiDocument(): Document {
  const app = new OpenAPIHono<AppEnv>();
  registerRoutes(app);
  return app.getOpenAPI31Document(openApiConfig("http://127.0.0.1:3000")) as unknown as Document;
}

const cell = (text: string) =>
  text
    .replace(/\|/g, "\\|")
    .replace(/\s*\n\s*/g, " ")
    .trim();

function resolveRef(doc: Document, s: Schema): Schema {
  if (!s.$ref) return s;
  const name = s.$ref.split("/").pop() ?? "";
  return doc.components?.schemas?.[name] ?? s;
}

/** A schema as a short type: `string`, `"buy" \| "sell"`, `number[]`, `Token`. */
function typeOf(doc: Document, s: Schema): string {
  if (s.$ref) return s.$ref.split("/").pop() ?? "object";
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  const union = s.anyOf ?? s.oneOf;
  if (union) return [...new Set(union.map((u) => typeOf(doc, u)))].join(" \\| ");
  if (s.allOf?.length === 1 && s.allOf[0]) return typeOf(doc, s.allOf[0]);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes("array")) return `${s.items ? typeOf(doc, s.items) : "unknown"}[]`;
  return types.join(" \\| ") || "any";
}

function bounds(s: Schema): string {
  const parts: string[] = [];
  if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} to ${s.maximum}`);
  else if (s.minimum !== undefined) parts.push(`≥ ${s.minimum}`);
  else if (s.maximum !== undefined) parts.push(`≤ ${s.maximum}`);
  if (s.maxLength !== undefined) parts.push(`at most ${s.maxLength} characters`);
  if (s.maxItems !== undefined) parts.push(`at most ${s.maxItems} items`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join("; ");
}

function fields(doc: Document, schema: Schema | undefined): string[] {
  const s = schema ? resolveRef(doc, schema) : undefined;
  const props = Object.entries(s?.properties ?? {});
  if (props.length === 0) return ["No fields: send `{}`.", ""];
  const required = new Set(s?.required ?? []);
  const rows = props.map(([name, p]) => {
    const r = resolveRef(doc, p);
    const notes = [bounds(r), r.description ?? p.description ?? ""].filter(Boolean).join(". ");
    return `| \`${name}\` | ${typeOf(doc, p)} | ${required.has(name) ? "yes" : ""} | ${cell(notes)} |`;
  });
  return ["| Field | Type | Required | Notes |", "|---|---|---|---|", ...rows, ""];
}

/** The document's `webhooks`: each delivery type, and the headers they share, once. */
function webhookSection(doc: Document): string[] {
  const deliveries = Object.entries(doc.webhooks ?? {}).flatMap(([type, item]) =>
    item.post ? [[type, item.post] as const] : [],
  );
  if (deliveries.length === 0) return [];
  const first = deliveries[0]?.[1] as Operation & { parameters?: { name: string; description?: string }[] };
  return [
    "## Webhook deliveries",
    "",
    "What the worker POSTs to a registered endpoint (the OpenAPI document's `webhooks`): a JSON body `{type, timestamp,",
    "data}` whose `data` is the event as the streams send it, each type's body a strict schema of",
    "`core/event-schemas.ts`. Registering, retries and verifying: [streams.md](streams.md#webhooks).",
    "",
    "| Header | Notes |",
    "|---|---|",
    ...(first.parameters ?? []).map((p) => `| \`${p.name}\` | ${cell(p.description ?? "")} |`),
    "",
    "| Type | What |",
    "|---|---|",
    ...deliveries.map(([type, op]) => `| \`${type}\` | ${cell(op.summary ?? "")} |`),
    "",
  ];
}

export function renderApiDoc(doc: Document): string {
  const byTag = new Map<string, [string, Operation][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item.post;
    if (!op || !path.startsWith(`${API_BASE}/`)) continue;
    const tag = op.tags?.[0] ?? "Other";
    byTag.set(tag, [...(byTag.get(tag) ?? []), [path.slice(API_BASE.length + 1), op]]);
  }
  const out = [
    "# REST API reference",
    "",
    `Generated from the OpenAPI document by \`${command}\` (scripts/gen-api-doc.ts); \`npm test\` fails when it is`,
    "out of date, so edit the route's zod schema, never this file. Every endpoint is `POST /functions/v1/<name>` with a",
    "JSON body; conventions, authentication, errors and statuses are in [rest.md](rest.md), and the choices where the",
    "spec is silent in [decisions.md](decisions.md). The live document is `GET /functions/v1/openapi.json`.",
    "",
  ];
  // the statuses every endpoint shares, listed once
  const operations = [...byTag.values()].flat().map(([, op]) => op);
  const common = new Set(
    Object.keys(operations[0]?.responses ?? {}).filter((code) => operations.every((op) => op.responses?.[code])),
  );
  const commonLines = [...common].map(
    (code) => `- ${code}: ${cell(operations[0]?.responses?.[code]?.description ?? "")}`,
  );
  const headEnd = out.length;
  for (const tag of [...byTag.keys()].sort()) {
    out.push(`## ${tag}`, "");
    for (const [name, op] of (byTag.get(tag) ?? []).sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`### \`${name}\``, "");
      if (op.summary) out.push(cell(op.summary), "");
      if (op.description && op.description !== op.summary) out.push(op.description.trim(), "");
      // [{bearer: []}] is required; a security list that also holds {} accepts anonymous calls; none, no scheme
      const security = (op.security ?? []) as Record<string, unknown>[];
      const anonymous = security.some((s) => Object.keys(s).length === 0);
      const auth =
        security.length === 0
          ? "none"
          : anonymous
            ? "optional (a bearer key or JWT adds the caller's view)"
            : "required";
      out.push(`Authentication: ${auth}.`, "");
      out.push(...fields(doc, op.requestBody?.content?.["application/json"]?.schema));
      const extra = Object.entries(op.responses ?? {}).filter(([code]) => !common.has(code));
      if (extra.length > 0)
        out.push(`Also: ${extra.map(([code, r]) => `${code} ${cell(r.description ?? "")}`).join("; ")}.`, "");
    }
  }
  out.push(...webhookSection(doc));
  out.splice(headEnd, 0, "Statuses every endpoint may answer:", "", ...commonLines, "");
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = renderApiDoc(apiDocument());
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {}
    if (current !== text) {
      console.error(`docs/api.md is out of date with the routes' schemas: run \`${command}\` and commit it`);
      process.exit(1);
    }
    console.log("docs/api.md matches the OpenAPI document");
  } else {
    writeFileSync(target, text);
    console.log(`wrote docs/api.md (${text.split("\n").length} lines)`);
  }
}
