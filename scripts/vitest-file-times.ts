/**
 * A vitest reporter that records each test file's whole time (import, collection, hooks and tests), which the JSON
 * reporter's start and end times leave out, in the JSON file named by VITEST_FILE_TIMES, for the recap
 * (scripts/test-recap.ts). The test command passes it beside the default and JSON reporters.
 */
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class FileTimes implements Reporter {
  private readonly files: { file: string; seconds: number }[] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const ms = d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({ file: module.relativeModuleId, seconds: Math.round(ms / 100) / 10 });
  }

  onTestRunEnd() {
    const path = process.env.VITEST_FILE_TIMES;
    if (path) writeFileSync(path, JSON.stringify(this.files));
  }
}
