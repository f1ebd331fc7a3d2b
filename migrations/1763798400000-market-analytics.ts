// Market analytics: market_events (one row per sale movement) and market_event_days (their count per chain, contract, UTC day).
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const ZERO = `'0x0000000000000000000000000000000000000000'`;

/**
 * Fills both tables from the chain data already indexed, with the rule of
 * src/domain/analytics/definition.ts written in SQL (ingestion keeps them current from then on).
 * The two EXISTS probes are point lookups: chain_transactions by its primary key, transfers by
 * idx_transfers_tx. Exported so a test can check that this SQL and the TypeScript rule agree.
 */
export const backfillMarketEvents = async (q: QueryRunner): Promise<void> => {
  const day = q.connection.options.type === 'mysql' ? 't.timestamp DIV 86400' : 'CAST(t.timestamp / 86400 AS INTEGER)';
  await q.query(
    `INSERT INTO market_events (chain_id, block_number, log_index, batch_index, contract, token_id, utc_day)
     SELECT t.chain_id, t.block_number, t.log_index, t.batch_index, t.contract, t.token_id, ${day}
     FROM transfers t
     WHERE t.contract_type IN ('ERC721', 'ERC1155')
       AND t.amount <> '0' AND t.from_address <> ${ZERO} AND t.to_address <> ${ZERO}
       AND (
         EXISTS (SELECT 1 FROM chain_transactions x
                 WHERE x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash AND x.block_hash = t.block_hash
                   AND x.reorged = 0 AND x.value <> '0')
         OR EXISTS (SELECT 1 FROM transfers p
                 WHERE p.chain_id = t.chain_id AND p.tx_hash = t.tx_hash AND p.block_hash = t.block_hash
                   AND p.contract_type = 'ERC20' AND p.amount <> '0'
                   AND p.from_address <> ${ZERO} AND p.to_address <> ${ZERO})
       )`,
  );
  await q.query(
    `INSERT INTO market_event_days (chain_id, contract, utc_day, events)
     SELECT chain_id, contract, utc_day, COUNT(*) FROM market_events GROUP BY chain_id, contract, utc_day`,
  );
};

export class MarketAnalytics1763798400000 implements MigrationInterface {
  name = 'MarketAnalytics1763798400000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'market_events',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'block_number', type: 'bigint', isPrimary: true },
          { name: 'log_index', type: 'integer', isPrimary: true },
          { name: 'batch_index', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42' },
          { name: 'token_id', type: 'varchar', length: '78' },
          { name: 'utc_day', type: 'integer' },
        ],
      }),
    );
    // Refreshing one day's count after a batch or a rollback: (chain, contract, day) seek.
    await q.createIndex('market_events', new TableIndex({ name: 'idx_market_events_day', columnNames: ['chain_id', 'contract', 'utc_day'] }));
    // tokenId queries: equality on the first three columns, a range on the day, covered by the index.
    await q.createIndex(
      'market_events',
      new TableIndex({ name: 'idx_market_events_token', columnNames: ['chain_id', 'contract', 'token_id', 'utc_day'] }),
    );
    await q.createTable(
      new Table({
        name: 'market_event_days',
        columns: [
          { name: 'chain_id', type: 'integer', isPrimary: true },
          { name: 'contract', type: 'varchar', length: '42', isPrimary: true },
          { name: 'utc_day', type: 'integer', isPrimary: true },
          { name: 'events', type: 'integer' },
        ],
      }),
    );
    await backfillMarketEvents(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('market_event_days');
    await q.dropTable('market_events');
  }
}
