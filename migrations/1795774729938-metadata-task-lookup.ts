// A contract's newest refresh tasks (GraphQL metadataTasks) are read by (chain, contract, id), not by a scan of every
// task; finished tasks are pruned after a week (domain/metadata-jobs/task-store.ts).
import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

export class MetadataTaskLookup1795774729938 implements MigrationInterface {
  name = 'MetadataTaskLookup1795774729938';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('metadata_tasks', new TableIndex({ name: 'idx_metadata_tasks_contract', columnNames: ['chain_id', 'contract', 'id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('metadata_tasks', 'idx_metadata_tasks_contract');
  }
}
