// Events (transfer rows) committed per chain, counted with each batch's checkpoint (#33): the console's events/s.
import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

export class CheckpointEventsIndexed1795800000001 implements MigrationInterface {
  name = 'CheckpointEventsIndexed1795800000001';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('chain_checkpoints', new TableColumn({ name: 'events_indexed', type: 'bigint', default: 0 }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('chain_checkpoints', 'events_indexed');
  }
}
