/**
 * A loop that runs one `step` at a time: on every `wake()` (a notification), and every `pollMs` in case one is lost.
 * A wake while a step runs makes one more step right after it, never two at once. A step that throws is told to
 * `failed` (which drops what the step holds), and the next wake tries again. stop() waits for the step in hand.
 */
export type WakeLoop = { wake(): void; stop(): Promise<void> };

export function startWakeLoop(p: {
  step: () => Promise<void>;
  pollMs: number;
  failed: (error: unknown) => void;
}): WakeLoop {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = p
      .step()
      .catch((error: unknown) => p.failed(error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const tick = () => {
    wake();
    if (!stopped) {
      timer = setTimeout(tick, p.pollMs);
      timer.unref();
    }
  };
  tick();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
