/**
 * Keeps one service of the local stack running (`npm start`, scripts/dev.ts): when it ends on its own, it is started
 * again after a backoff (1 s, doubling to 30 s; back to 1 s once a run has lasted a minute), and the stack says so.
 * Only halt() or stop() ends it for good. A start that fails counts as a crash and is tried again the same way.
 */

export type SupervisedService = {
  name: string;
  stop(): Promise<void>;
  /** Settles when the service ends on its own, with how it ended ("code 1", "SIGKILL"). */
  exited: Promise<string | undefined>;
};

export type SuperviseParameters = {
  name: string;
  /** Starts the service; `restart` is the restart's number (0 for the first start). */
  start(restart: number): Promise<SupervisedService>;
  log: (line: string) => void;
  /** Delay before the first restart and its ceiling, ms; default 1 000 and 30 000. */
  backoffMs?: { first: number; max: number };
  /** A run that lasted this long resets the backoff, ms; default 60 000. */
  healthyAfterMs?: number;
};

export type Supervisor = {
  name: string;
  /** How many times the service was started again. */
  restarts(): number;
  /**
   * No more restarts, from now on: the stack is shutting down. A Ctrl-C reaches every child with the stack itself,
   * and one that ends of it before the stack's turn to stop it is not started again.
   */
  halt(): void;
  /** Halts, stops the service, and waits for a start in progress to end (and stops what it started). */
  stop(): Promise<void>;
};

/** Starts the service once (a failure here is the caller's) and keeps it running until stop(). */
export async function supervise(p: SuperviseParameters): Promise<Supervisor> {
  const first = p.backoffMs?.first ?? 1_000;
  const max = p.backoffMs?.max ?? 30_000;
  const healthyAfter = p.healthyAfterMs ?? 60_000;
  let current: SupervisedService | undefined = await p.start(0);
  let stopped = false;
  let restarts = 0;
  let wake: (() => void) | undefined;

  const loop = async () => {
    let failures = 0;
    while (!stopped) {
      const startedAt = Date.now();
      const how: string | undefined = current ? await current.exited : "its start failed";
      if (stopped) return;
      if (Date.now() - startedAt >= healthyAfter) failures = 0;
      const delay = Math.min(max, first * 2 ** failures);
      failures++;
      p.log(`${p.name} ended unexpectedly (${how ?? "no exit code"}); starting it again in ${delay / 1000} s`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, delay);
        wake = () => {
          clearTimeout(timer);
          done();
        };
      });
      wake = undefined;
      if (stopped) return;
      restarts++;
      try {
        current = await p.start(restarts);
        if (stopped) {
          await current.stop();
          return;
        }
        p.log(`${p.name} started again (restart ${restarts})`);
      } catch (error) {
        current = undefined;
        p.log(`${p.name} could not start again: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const looping = loop();

  return {
    name: p.name,
    restarts: () => restarts,
    halt() {
      stopped = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await current?.stop();
      await looping;
    },
  };
}
