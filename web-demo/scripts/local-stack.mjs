// Everything the demo needs on loopback, in one process, for the browser test and the screenshot:
// two anvil chains with our contracts and the reference solver (scripts/chains), the real worker
// bundle in workerd through Miniflare (as edge-worker/test does) configured with those chains,
// and the demo backend in front of it. `npm run demo` uses wrangler dev instead (scripts/demo.sh).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildBundle, startWorker, tempDir } from '../../edge-worker/test/harness.mjs';
import { freePort } from '../../scripts/chains/anvil.mjs';
import { startLocalStack } from '../../scripts/chains/local.mjs';
import { startDemoServer } from '../server.mjs';

export const DEMO_API_KEY = 'dev-key-acme';

export async function startDemoStack({ log = () => {} } = {}) {
  const cleanups = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const chainsDir = mkdtempSync(join(tmpdir(), 'sr-web-demo-chains-'));
    cleanups.push(async () => rmSync(chainsDir, { recursive: true, force: true }));
    const stack = await startLocalStack({
      chains: [
        { name: 'Local A', chainId: 31337, port: await freePort() },
        { name: 'Local B', chainId: 31338, port: await freePort() },
      ],
      outDir: chainsDir,
      solverOptions: { pollMs: 200 },
      log,
    });
    cleanups.push(() => stack.stop());
    log('local chains deployed');

    const previous = process.env.SR_LOCAL_CHAINS_DIR;
    process.env.SR_LOCAL_CHAINS_DIR = chainsDir;
    let bundleDir;
    try {
      bundleDir = buildBundle();
    } finally {
      if (previous === undefined) delete process.env.SR_LOCAL_CHAINS_DIR;
      else process.env.SR_LOCAL_CHAINS_DIR = previous;
    }
    cleanups.push(async () => rmSync(bundleDir, { recursive: true, force: true }));
    const state = tempDir('sr-web-demo-state-');
    cleanups.push(async () => state.remove());
    log('worker bundle built');
    const worker = await startWorker({ bundleDir, persistDir: state.dir, bindings: { POLL_INTERVAL_MS: '500' } });
    cleanups.push(() => worker.dispose());
    log('worker started');
    // One scheduled run arms the status index's polling alarm, as scripts/serve.sh does.
    await (await worker.mf.getWorker()).scheduled({ cron: '* * * * *' });
    log('first scheduled run done');

    const demo = await startDemoServer({
      workerUrl: worker.base.href,
      apiKey: DEMO_API_KEY,
      deploymentFile: join(chainsDir, 'deployment.json'),
      log,
    });
    cleanups.push(() => demo.close());
    return { demoUrl: demo.url, worker, deployment: stack.deployment, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
