/**
 * The pages' static assets, served by the service itself under content-hashed names: the browser scripts (bundled
 * from ./client/*.ts with esbuild, lightweight-charts included), the stylesheet and icon, and Swagger UI's files from
 * the installed swagger-ui-dist. Built once per process, in memory, on first use (createApp starts it), so `npm start`
 * needs no build step; the same sources give the same names in every process.
 *
 * A hashed name never changes meaning, so assets are `Cache-Control: public, max-age=31536000, immutable`; text
 * assets are also kept gzipped and sent so to clients that accept it.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { apiLog } from "../log.js";

export type Asset = { name: string; type: string; body: Buffer; gzipped: Buffer | null; etag: string };
/** Assets by logical name (`token.js`, `site.css`, …) and by served file name (`token.3f2a9c1b0d.js`). */
export type AssetManifest = { byLogical: Map<string, Asset>; byFile: Map<string, Asset> };

export const ASSET_PREFIX = "/assets/";
export const IMMUTABLE = "public, max-age=31536000, immutable";

const clientDir = fileURLToPath(new URL("./client/", import.meta.url));
const require = createRequire(import.meta.url);
const swaggerDir = () => dirname(require.resolve("swagger-ui-dist/package.json"));

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
};

/** The browser scripts, bundled and minified: one file per page that has a script. */
async function bundleScripts(): Promise<Map<string, Buffer>> {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: { token: join(clientDir, "token.ts"), docs: join(clientDir, "docs.ts") },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    outdir: "out",
    legalComments: "eof",
    logLevel: "silent",
  });
  return new Map(result.outputFiles.map((f) => [f.path.slice(f.path.lastIndexOf("/") + 1), Buffer.from(f.contents)]));
}

async function buildAssets(): Promise<AssetManifest> {
  const swagger = swaggerDir();
  const sources = new Map<string, Buffer>(await bundleScripts());
  const files: [string, string][] = [
    ["site.css", join(clientDir, "site.css")],
    ["docs.css", join(clientDir, "docs.css")],
    ["icon.svg", join(clientDir, "icon.svg")],
    ["swagger-ui.css", join(swagger, "swagger-ui.css")],
    ["swagger-ui-bundle.js", join(swagger, "swagger-ui-bundle.js")],
  ];
  for (const [logical, path] of files) sources.set(logical, await readFile(path));

  const manifest: AssetManifest = { byLogical: new Map(), byFile: new Map() };
  for (const [logical, raw] of sources) {
    // The swagger-ui-dist files end with a sourceMappingURL comment for maps we do not serve; without it the browser
    // asks for nothing that answers 404.
    const body = logical.startsWith("swagger-ui")
      ? Buffer.from(raw.toString("utf8").replace(/\n?\/[*/]# sourceMappingURL=\S+(?: \*\/)?\s*$/, "\n"))
      : raw;
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    const dot = logical.lastIndexOf(".");
    const ext = logical.slice(dot + 1);
    const name = `${logical.slice(0, dot)}.${hash}.${ext}`;
    const type = TYPES[ext] ?? "application/octet-stream";
    const gzipped = type.startsWith("text/") || ext === "svg" ? await promisify(gzip)(body, { level: 9 }) : null;
    const asset = { name, type, body, gzipped, etag: `"${hash}"` };
    manifest.byLogical.set(logical, asset);
    manifest.byFile.set(name, asset);
  }
  return manifest;
}

let built: Promise<AssetManifest> | undefined;

/** The process's asset manifest, built on first call. A failed build is logged and tried again on the next call. */
export function webAssets(): Promise<AssetManifest> {
  if (!built) {
    built = buildAssets();
    built.catch((error) => {
      apiLog.error({ err: error }, "web: building the page assets failed");
      built = undefined;
    });
  }
  return built;
}

/** The URL path of an asset by logical name (`token.js` -> `/assets/token.<hash>.js`). */
export function assetPath(manifest: AssetManifest, logical: string): string {
  const asset = manifest.byLogical.get(logical);
  if (!asset) throw new Error(`unknown asset ${logical}`);
  return `${ASSET_PREFIX}${asset.name}`;
}
