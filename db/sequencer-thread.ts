/**
 * The entry of the event log sequencer's worker thread (startSequencerThread in ./events.ts): runs startSequencer
 * with the parameters it was started with, says `ready` once it runs, sends its log lines to the thread that started
 * it, and on a `stop` message stops it and closes its port, so the thread ends once the connection is closed.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type SequencerThreadMessage, type StartSequencerParameters, startSequencer } from "./events.js";

const port = parentPort;
if (!port) throw new Error("db/sequencer-thread.ts runs only as a worker thread (startSequencerThread)");
const post = (message: SequencerThreadMessage) => port.postMessage(message);
const sequencer = await startSequencer({
  ...(workerData as Omit<StartSequencerParameters, "log">),
  log: (line) => post({ type: "log", line }),
});
post({ type: "ready" });
port.on("message", (message: { type?: string }) => {
  if (message?.type !== "stop") return;
  void sequencer.stop().finally(() => port.close());
});
