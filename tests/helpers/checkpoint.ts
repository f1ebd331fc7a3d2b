// Waits, through a connection of its own, until the indexer of another process has committed a block.
import { loadConfig } from '../../src/config';
import { ChainCheckpointEntity, createDataSource } from '../../src/db';
import { PATIENCE_MS } from './patience';

export const waitForCheckpoint = async (env: Record<string, string>, chainId: number, block: number): Promise<void> => {
  const ds = createDataSource(loadConfig(env));
  await ds.initialize();
  try {
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
      const cp = await ds.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
      if (cp && cp.indexedBlock >= block) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`indexer did not reach block ${block} in ${PATIENCE_MS} ms`);
  } finally {
    await ds.destroy();
  }
};
