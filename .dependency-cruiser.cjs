/**
 * Dependency rules (npm run deps:check, a step of scripts/test.sh). They keep the layout of DESIGN.md section 7 and
 * STYLE.md "Layout": api/, worker/ and indexer/ stand on core/ and db/, never on each other (nor on relayer/, the local
 * LayerZero stand-in, which stands on core/ alone), and nothing that runs imports scripts/ or bench/.
 */
/**
 * Code that runs: the three processes, the local LayerZero relayer, what they share, and the Ponder config.
 */
const RUNTIME = "^(api|worker|indexer|relayer|core|db)/|^ponder\\.config\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "A cycle makes module load order matter (a value read before its module ran is undefined) and ties the modules " +
        "in it into one unit that cannot be understood, tested or moved apart. Break it by moving what both need into " +
        "a module both import.",
      severity: "error",
      from: { path: RUNTIME },
      to: { circular: true },
    },
    {
      name: "api-not-to-worker-or-indexer",
      comment:
        "The API stands on core/ and db/ only: it is deployed and scaled apart from the worker and the indexer, and " +
        "what it shares with them (quote math, job schemas, cache keys, intents) lives in core/ or db/.",
      severity: "error",
      from: { path: "^api/" },
      to: { path: "^(worker|indexer|relayer)/" },
    },
    {
      name: "worker-not-to-api-or-indexer",
      comment:
        "The worker stands on core/ and db/ only: loading the API's modules would pull Hono, routes and MCP into a " +
        "process that serves none of them, and tie the two processes' releases together.",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^(api|indexer|relayer)/" },
    },
    {
      name: "indexer-not-to-api-or-worker",
      comment:
        "The indexer stands on core/ and db/ only: Ponder bundles what its handlers import, and pricing math and " +
        "schemas it shares belong in core/.",
      severity: "error",
      from: { path: "^indexer/" },
      to: { path: "^(api|worker|relayer)/" },
    },
    {
      name: "relayer-not-to-api-worker-or-indexer",
      comment:
        "The local LayerZero relayer stands on core/ and the ABIs only: it is a development stand-in for LayerZero's " +
        "workers and must run beside any of the processes without loading them.",
      severity: "error",
      from: { path: "^relayer/" },
      to: { path: "^(api|worker|indexer|db)/" },
    },
    {
      name: "api-services-not-to-routes",
      comment:
        "Services hold the API's rules and declare their own input and result types; routes, handlers and MCP tools " +
        "adapt them to HTTP and MCP. A service that imports a route's schema or type would be shaped by one " +
        "transport and tie the layers into a cycle; the handler (c.json with the typed route) and the tool (run's " +
        "typed output) are where TypeScript checks that a parsed request fits a service and its answer fits the " +
        "response. Constants both need (limits, defaults, enums) belong in core/.",
      severity: "error",
      from: { path: "^api/services/" },
      to: { path: "^api/routes/" },
    },
    {
      name: "api-schemas-only-core-and-schemas",
      comment:
        "Request and response schemas (api/routes/<resource>/schemas.ts, api/routes/common-schemas.ts) are the API's " +
        "contract: they drive validation, the OpenAPI document and the MCP tools' input schemas. They may import " +
        "only core/ (the rules and limits the document states), other schemas files, and @hono/zod-openapi or zod, " +
        "so that the document cannot change with a service's or a handler's code.",
      severity: "error",
      from: { path: "^api/routes/([^/]+/schemas|common-schemas)\\.ts$" },
      to: {
        pathNot: [
          "^core/",
          "^api/routes/([^/]+/schemas|common-schemas)\\.ts$",
          "^node_modules/(@hono/zod-openapi|zod)/",
        ],
      },
    },
    {
      name: "api-routes-not-to-services",
      comment:
        "Route definitions (api/routes/<resource>/routes.ts, and the postRoute helper in api/routes/common.ts) state " +
        "paths, schemas and auth only; only handlers call services. A constant a route's description needs from a " +
        "service (a limit, a default) is a rule of the service: it moves to core/, where both import it.",
      severity: "error",
      from: { path: "^api/routes/([^/]+/routes|common)\\.ts$" },
      to: { path: "^api/services/" },
    },
    {
      name: "runtime-not-to-scripts-or-bench",
      comment:
        "scripts/ (deploy, seed, dev orchestration, CLIs) and bench/ are tools run by hand, by tests or by CI; " +
        "nothing that runs in production may import them. The deployment file's schema and reader are in " +
        "core/deployment.ts, user provisioning in db/users.ts.",
      severity: "error",
      from: { path: RUNTIME },
      to: { path: "^(scripts|bench)/" },
    },
    {
      name: "core-only-viem-and-zod",
      comment:
        "core/ holds pure rules and shared contracts that every process loads: of npm packages it may use only viem " +
        "and zod, and pino for the one logger every process shares (core/log.ts). Node builtins (node:fs, " +
        "node:path, node:url, node:async_hooks) are allowed: the deployment file reader (core/deployment.ts) needs " +
        "them. Unit tests beside the code (*.test.ts) may use vitest.",
      severity: "error",
      from: { path: "^core/", pathNot: "\\.test\\.ts$" },
      to: {
        dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"],
        pathNot: "^node_modules/(viem|zod|pino)/",
      },
    },
    {
      name: "api-deps-not-to-services-or-streams",
      comment:
        "api/deps.ts is what every handler and service receives: it names the long-lived parts by their interfaces " +
        "(api/ports.ts), never by the services or streams that implement them, which themselves stand on deps.ts.",
      severity: "error",
      from: { path: "^api/deps\\.ts$" },
      to: { path: "^api/(services|streams)/" },
    },
    {
      name: "api-and-worker-query-through-db",
      comment:
        "The app's tables have one home each, in db/ (db/<aggregate>.ts): the API and the worker call its named " +
        "functions and send no statement of their own, so they import pg for its types only (a pool or a client " +
        "passed to db/). The two LISTEN connections are the exception: the stream hub's (api/streams/hub.ts) and the " +
        "webhook dispatcher's (worker/webhook-dispatcher.ts) own a pg.Client each. scripts/sql-homes.test.ts finds " +
        "statement text in api/ and worker/, which an import rule cannot see.",
      severity: "error",
      from: {
        path: "^(api|worker)/",
        pathNot: "\\.test\\.ts$|^api/streams/hub\\.ts$|^worker/webhook-dispatcher\\.ts$",
      },
      to: { path: "^node_modules/pg/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "An import the checker cannot resolve is an import it cannot judge: every other rule would pass it silently. " +
        "Ponder's virtual modules (ponder:schema, ponder:registry, ponder:api; indexer/ponder-env.d.ts) exist only " +
        "inside Ponder's build.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^ponder:(schema|registry|api)$" },
    },
  ],
  options: {
    // Type-only imports count: `import type { X } from "../worker/..."` ties the API to the worker's code as much as
    // a value import does.
    tsPreCompilationDeps: true,
    // tsconfig.json's "moduleResolution": "Bundler" resolves the `.js` specifiers of our imports to the `.ts` files.
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(generated|contracts|\\.ponder)/|/\\.ponder/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
