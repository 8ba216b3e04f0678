import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { type SupervisedService, supervise } from "./supervise.js";

/** A real child process: `node -e <code>`. */
function child(code: string): SupervisedService & { pid: number | undefined } {
  const c = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  const exited = new Promise<string>((done) => c.once("exit", (exit, signal) => done(signal ?? `code ${exit}`)));
  return {
    name: "child",
    pid: c.pid,
    exited,
    async stop() {
      if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
      await exited;
    },
  };
}

const until = async (ok: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("supervise", () => {
  it("starts a crashed process again with a doubling backoff, says so, and stops for good on stop()", async () => {
    const lines: string[] = [];
    const starts: number[] = [];
    const running: ReturnType<typeof child>[] = [];
    const supervisor = await supervise({
      name: "api",
      backoffMs: { first: 100, max: 1_000 },
      log: (line) => lines.push(line),
      start: async (restart) => {
        starts.push(Date.now());
        // Crashes twice, then stays up.
        const c = child(restart < 2 ? "process.exit(3)" : "setInterval(() => {}, 1000)");
        running.push(c);
        return c;
      },
    });
    await until(() => supervisor.restarts() === 2);
    expect(lines).toEqual([
      "api ended unexpectedly (code 3); starting it again in 0.1 s",
      "api started again (restart 1)",
      "api ended unexpectedly (code 3); starting it again in 0.2 s",
      "api started again (restart 2)",
    ]);
    const [a = 0, b = 0, c = 0] = starts;
    expect(b - a).toBeGreaterThanOrEqual(100);
    expect(c - b).toBeGreaterThanOrEqual(200);

    // A kill from outside (SIGKILL) is a crash like any other.
    process.kill(running[2]?.pid as number, "SIGKILL");
    await until(() => supervisor.restarts() === 3);
    expect(lines[4]).toBe("api ended unexpectedly (SIGKILL); starting it again in 0.4 s");

    await supervisor.stop();
    const last = running[running.length - 1];
    expect(await last?.exited).toBe("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    expect(supervisor.restarts()).toBe(3);
  });

  it("tries a start that fails again, and resets the backoff after a healthy run", async () => {
    const lines: string[] = [];
    let attempt = 0;
    const supervisor = await supervise({
      name: "worker",
      backoffMs: { first: 50, max: 1_000 },
      healthyAfterMs: 300,
      log: (line) => lines.push(line),
      start: async (restart) => {
        attempt++;
        if (restart === 1) throw new Error("Redis refused");
        // The third start runs 400 ms (healthy), then crashes.
        return child(restart === 0 ? "process.exit(1)" : "setTimeout(() => process.exit(2), 400)");
      },
    });
    await until(() => lines.some((l) => l.includes("(code 2)")));
    await supervisor.stop();
    expect(lines.slice(0, 5)).toEqual([
      "worker ended unexpectedly (code 1); starting it again in 0.05 s",
      "worker could not start again: Redis refused",
      "worker ended unexpectedly (its start failed); starting it again in 0.1 s",
      "worker started again (restart 2)",
      "worker ended unexpectedly (code 2); starting it again in 0.05 s",
    ]);
    expect(attempt).toBeGreaterThanOrEqual(3);
  });

  it("starts nothing again once halted: a Ctrl-C ends the children with the stack, before the stack stops them", async () => {
    const lines: string[] = [];
    let starts = 0;
    const supervisor = await supervise({
      name: "worker",
      backoffMs: { first: 50, max: 1_000 },
      log: (line) => lines.push(line),
      start: async () => {
        starts++;
        // Ends by itself 100 ms in, as a worker does on the terminal's SIGINT.
        return child("setTimeout(() => process.exit(0), 100)");
      },
    });
    supervisor.halt();
    // The stack stops its services one by one: this one's turn comes well after the backoff.
    await new Promise((r) => setTimeout(r, 400));
    await supervisor.stop();
    expect(starts).toBe(1);
    expect(lines).toEqual([]);
  });
});
