import { describe, expect, it } from "vitest";
import { TimeoutError, withTimeout } from "./with-timeout.js";

describe("withTimeout", () => {
  it("test_withTimeout_aReadInTime_isItsResult", async () => {
    expect(await withTimeout(Promise.resolve(7), 1_000)).toBe(7);
    await expect(withTimeout(Promise.reject(new Error("refused")), 1_000)).rejects.toThrow("refused");
  });

  it("test_withTimeout_revertsIfTheReadDoesNotSettleInTime", async () => {
    const started = Date.now();
    const never = new Promise<never>(() => {});
    const error = await withTimeout(never, 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe("No answer within 50 ms");
    expect(Date.now() - started).toBeLessThan(500);
  });
});
