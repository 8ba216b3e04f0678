/**
 * Writes sdk/src/schema.ts, the SDK's request and response types, from the OpenAPI document (openapi-typescript over
 * scripts/gen-api-doc.ts apiDocument, the document /functions/v1/openapi.json serves). `--check` fails when the file
 * is out of date, as `npm test` runs it, so the SDK cannot drift from the API.
 *
 *   npx tsx scripts/gen-sdk-types.ts [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { apiDocument } from "./gen-api-doc.js";

const target = resolve(dirname(fileURLToPath(import.meta.url)), "../sdk/src/schema.ts");
const command = "npx tsx scripts/gen-sdk-types.ts";

export async function sdkTypes(): Promise<string> {
  // A request field with a default may be left out (defaultNonNullable: false), as the API accepts.
  const ast = await openapiTS(apiDocument() as never, { defaultNonNullable: false });
  const head = `/**\n * Generated from the OpenAPI document by \`${command}\`: never edit it by hand. \`npm test\` fails when it is\n * out of date.\n */\n\n`;
  return head + astToString(ast);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await sdkTypes();
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {}
    if (current !== text) {
      console.error(`sdk/src/schema.ts is out of date with the routes' schemas: run \`${command}\` and commit it`);
      process.exit(1);
    }
    console.log("sdk/src/schema.ts matches the OpenAPI document");
  } else {
    writeFileSync(target, text);
    console.log(`wrote sdk/src/schema.ts (${text.split("\n").length} lines)`);
  }
}
