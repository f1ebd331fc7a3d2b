// Two per-chain numbers that let a subscription resume from stored data (domain/subscriptions/replay.ts):
// event_seq counts the commits that publish events, so a resuming subscriber can tell the live events it buffered
// while replaying and that the replay already covered (seq <= the one it read) from newer ones;
// live_from is the first block of the stretch ingested block by block with receipts (backfilled blocks before it
// keep no receipts or transaction details, so their logs and receipts cannot be replayed).
import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

export class EventStreamPositions1764090000000 implements MigrationInterface {
  name = 'EventStreamPositions1764090000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('chain_checkpoints', new TableColumn({ name: 'event_seq', type: 'bigint', default: 0 }));
    await q.addColumn('chain_checkpoints', new TableColumn({ name: 'live_from', type: 'bigint', default: 0 }));
    // What was indexed before this version cannot be told apart: only blocks from now on are replayable.
    await q.query('UPDATE chain_checkpoints SET live_from = indexed_block + 1');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('chain_checkpoints', 'live_from');
    await q.dropColumn('chain_checkpoints', 'event_seq');
  }
}
