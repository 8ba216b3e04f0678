import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export type StartAnvilParameters = {
  /** TCP port on 127.0.0.1. 0 picks a free port (handy for parallel tests). Default 8545. */
  port?: number;
  /** Default 84532, the local stand-in for base-sepolia. */
  chainId?: number;
  /** Seconds between blocks (interval mining). Unset: a block per transaction (automine). */
  blockTime?: number;
  /** Run as a fork of this JSON-RPC endpoint (anvil's --fork-url): a real network, or another local chain. */
  forkUrl?: string;
  /** With forkUrl: the block to fork at (default the endpoint's latest). */
  forkBlockNumber?: number;
  /** Receives anvil's output line by line. Without it anvil runs with `--quiet`. */
  log?: (line: string) => void;
  /** How long to wait for anvil to answer `eth_chainId`, in milliseconds. Default 15000. */
  timeout?: number;
  /** The environment variable that chooses `port`, named when the port is taken. Default ANVIL_PORT. */
  portVariable?: string;
};

export type StartAnvilReturnType = {
  rpcUrl: string;
  chainId: number;
  /** Stops anvil (SIGTERM, then SIGKILL after 5 s). Safe to call twice. */
  stop(): Promise<void>;
  /** Settles when anvil exits for any reason, so a supervisor can notice a crash. */
  exited: Promise<void>;
};

/**
 * Starts anvil from the `@foundry-rs/anvil` npm package (never downloads) and resolves once its RPC
 * answers `eth_chainId` with the requested chain id.
 */
export async function startAnvil(p: StartAnvilParameters = {}): Promise<StartAnvilReturnType> {
  const chainId = p.chainId ?? 84532;
  const timeout = p.timeout ?? (p.forkUrl ? 60_000 : 15_000);
  const port = p.port === 0 ? await findFreePort() : (p.port ?? 8545);
  await assertPortFree(port, p.portVariable);

  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)];
  if (p.blockTime !== undefined) args.push("--block-time", String(p.blockTime));
  if (p.forkUrl !== undefined) args.push("--fork-url", p.forkUrl);
  if (p.forkUrl !== undefined && p.forkBlockNumber !== undefined) {
    args.push("--fork-block-number", String(p.forkBlockNumber));
  }
  // `--quiet` is 1.7's documented name; `--silent` is still accepted as an alias.
  if (!p.log) args.push("--quiet");
  // Past the states it keeps in memory, anvil writes each block's state to disk, by default in
  // ~/.foundry/anvil/tmp, where nothing removes them once it is killed: one test run's shared anvil left 9.1 GB
  // there. A folder of this anvil's own instead, named after this process, removed when anvil exits (and by
  // scripts/test-space.sh once this process is gone).
  const states = mkdtempSync(join(tmpdir(), `anvil-states-${process.pid}-`));
  args.push("--cache-path", states);
  const removeStates = () => rmSync(states, { recursive: true, force: true });

  const output: string[] = [];
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const onLine = (line: string) => {
    output.push(line);
    if (output.length > 200) output.shift();
    p.log?.(line);
  };
  pipeLines(child, onLine);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((done) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      removeStates();
      done();
    });
  });
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  // If this process dies without calling stop(), do not leave anvil behind holding the port.
  const killOnExit = () => {
    child.kill("SIGKILL");
    removeStates();
  };
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    if (exited || child.exitCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exit;
    clearTimeout(timer);
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeout;
  for (;;) {
    if (spawnError) {
      await stop();
      removeStates();
      throw new Error(`Could not start anvil (${anvilBinary()}): ${spawnError.message}`, { cause: spawnError });
    }
    if (exited) {
      throw new Error(
        `anvil exited during startup (code ${exited.code}, signal ${exited.signal}).${formatOutput(output)}`,
      );
    }
    const answered = await queryChainId(rpcUrl);
    if (answered !== undefined) {
      if (answered !== chainId) {
        await stop();
        throw new Error(`anvil on ${rpcUrl} answered chain id ${answered}, expected ${chainId}.`);
      }
      return { rpcUrl, chainId, stop, exited: exit };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil did not answer eth_chainId on ${rpcUrl} within ${timeout} ms.${formatOutput(output)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The platform binary behind `node_modules/.bin/anvil`. Spawning it directly (rather than the Node
 * wrapper in .bin) means our signals reach anvil itself, so stop() never orphans it.
 */
function anvilBinary(): string {
  const os = process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const exe = os === "win32" ? "anvil.exe" : "anvil";
  const platformBinary = join(root, "node_modules", "@foundry-rs", `anvil-${os}-${arch}`, "bin", exe);
  if (existsSync(platformBinary)) return platformBinary;
  const wrapper = join(root, "node_modules", ".bin", os === "win32" ? "anvil.cmd" : "anvil");
  if (existsSync(wrapper)) return wrapper;
  throw new Error(
    `anvil is not installed: neither ${platformBinary} nor ${wrapper} exists. Run \`npm ci\` (anvil comes from the @foundry-rs/anvil devDependency).`,
  );
}

async function queryChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result === undefined ? undefined : Number(body.result);
  } catch {
    return undefined;
  }
}

function assertPortFree(port: number, portVariable = "ANVIL_PORT"): Promise<void> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      fail(
        error.code === "EADDRINUSE"
          ? new Error(
              `Port ${port} on 127.0.0.1 is already in use, so anvil cannot start there. Stop whatever listens on it (another anvil?) or choose another port (${portVariable}).`,
            )
          : new Error(`Cannot check port ${port}: ${error.message}`, { cause: error }),
      );
    });
    server.listen(port, "127.0.0.1", () => server.close(() => done()));
  });
}

function findFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function pipeLines(child: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
    stream?.on("end", () => {
      if (buffered) onLine(buffered);
    });
  }
}

function formatOutput(output: string[]): string {
  const text = output.join("\n").trim();
  return text ? `\nanvil output:\n${text}` : " anvil printed nothing.";
}
