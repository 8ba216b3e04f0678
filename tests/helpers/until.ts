/** Polls `ok` every 20 ms until it holds; throws after `ms` (default 3 s), naming `what` it waited for. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
