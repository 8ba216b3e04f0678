/**
 * A bare JSON-RPC client over fetch. The chain generator sends thousands of signed transactions per block, so it
 * batches them into one HTTP request each and skips everything viem's clients would add (estimation, nonce and
 * fee look-ups, receipt polling).
 */

export type RpcCall = { method: string; params?: unknown[] };

export type Rpc = {
  /** One call; throws the node's error message if it answers with one. */
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Many calls in one HTTP request; results come back in call order, errors as `Error` values. */
  batch<T = unknown>(calls: RpcCall[]): Promise<(T | Error)[]>;
};

type RpcResponse = { id: number; result?: unknown; error?: { code: number; message: string } };

export function rpc(url: string): Rpc {
  let nextId = 1;
  const post = async (body: unknown) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    async call<T>(method: string, params: unknown[] = []) {
      const answer = (await post({ jsonrpc: "2.0", id: nextId++, method, params })) as RpcResponse;
      if (answer.error) throw new Error(`${method} failed: ${answer.error.message}`);
      return answer.result as T;
    },
    async batch<T>(calls: RpcCall[]) {
      if (calls.length === 0) return [];
      const first = nextId;
      nextId += calls.length;
      const body = calls.map((c, i) => ({ jsonrpc: "2.0", id: first + i, method: c.method, params: c.params ?? [] }));
      const answers = (await post(body)) as RpcResponse[];
      const byId = new Map(answers.map((a) => [a.id, a]));
      return calls.map((c, i) => {
        const a = byId.get(first + i);
        if (!a) return new Error(`${c.method}: no answer in the batch`);
        if (a.error) return new Error(`${c.method} failed: ${a.error.message}`);
        return a.result as T;
      });
    },
  };
}
