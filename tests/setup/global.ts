/**
 * One anvil for the whole vitest run, with our contracts deployed once. Test files get its RPC URL and the
 * deployment through inject(); each creates its own tokens, so files do not step on each other.
 */
import type { TestProject } from "vitest/node";
import type { Deployment } from "../../core/deployment.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";

declare module "vitest" {
  export interface ProvidedContext {
    rpcUrl: string;
    deployment: Deployment;
  }
}

export default async function setup(project: TestProject) {
  const port = Number(process.env.TEST_ANVIL_PORT ?? 8645);
  const anvil = await startAnvil({ port, chainId: 84532, portVariable: "TEST_ANVIL_PORT" });
  try {
    const deployment = await deploy({ rpcUrl: anvil.rpcUrl, chainSlug: "base-sepolia", write: false });
    project.provide("rpcUrl", anvil.rpcUrl);
    project.provide("deployment", deployment);
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  return async () => {
    await anvil.stop();
  };
}
