/**
 * A Postgres server of the test's own (initdb into a temporary folder, Debian's Postgres binaries), so that a test can
 * restart or stop it without touching the shared one. As root, the server runs as the `postgres` user (Postgres
 * refuses root). Trust authentication on 127.0.0.1 only; no fsync (nothing here must survive the machine).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./worker.js";

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const version = versions.find((v) => existsSync(join(root, v, "bin", "pg_ctl")));
  if (!version) throw new Error(`no Postgres server binaries under ${root} (Debian's postgresql package)`);
  return join(root, version, "bin");
}

export type OwnPostgres = {
  url: string;
  port: number;
  /** Stop (fast: open sessions are ended with 57P01) and start again; resolves once it accepts connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stop it and delete its folder. */
  destroy(): Promise<void>;
};

export async function startPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "own-pg-"));
  const data = join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : join(bin, tool);
    const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  };
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () =>
    run("pg_ctl", ["-D", data, "-w", "-t", "30", "-l", join(dir, "log"), "-o", options, "start"]);
  const stop = async () => run("pg_ctl", ["-D", data, "-w", "-t", "30", "-m", "fast", "stop"]);
  await start();
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      spawnSync(asRoot ? "runuser" : join(bin, "pg_ctl"), [
        ...(asRoot ? ["-u", "postgres", "--", join(bin, "pg_ctl")] : []),
        "-D",
        data,
        "-m",
        "immediate",
        "stop",
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
