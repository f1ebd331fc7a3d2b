// Spam reasons read from indexed transfers: one transaction sending a token to many accounts that never held or
// moved it, and a token only ever sent by one account (the one its mint went to) to such accounts. Read from the
// chain tables as they stand, so a rollback that removes the rows removes the reasons with them.
import { readQuery, toBytes, toHex, type Db } from '../../db';
import type { VerdictReason } from './verdict-rules';

/** Fewer recipients than this is a gift among friends, not a campaign. */
export const AIRDROP_MIN_RECIPIENTS = 10;
const ZERO = toBytes('0x' + '0'.repeat(40));

/** An account that appears in no other transfer of the token: it did not hold it before, nor move it after. */
// Two lookups, each on its account index (idx_transfers_from, idx_transfers_to), rather than a scan of the token's rows.
// Both bounded by the block the read stands on (`?`, bound once per lookup), as every read here is.
const FRESH =
  'NOT EXISTS (SELECT 1 FROM token_transfers o WHERE o.chain_id = t.chain_id AND o.from_address = t.to_address AND o.contract = t.contract AND o.block_number <= ?) ' +
  'AND NOT EXISTS (SELECT 1 FROM token_transfers o WHERE o.chain_id = t.chain_id AND o.to_address = t.to_address AND o.contract = t.contract AND o.tx_hash <> t.tx_hash AND o.block_number <= ?)';

/**
 * The token's first transfers: where drops and issuers' sends show, and a bound on what one read costs for a token
 * with millions of transfers.
 */
export const PATTERN_WINDOW = 10_000;
const FIRST = `(SELECT * FROM token_transfers WHERE chain_id = ? AND contract = ? AND block_number <= ? ORDER BY block_number, log_index, batch_index LIMIT ${PATTERN_WINDOW}) t`;

const hex = (v: unknown) => (v instanceof Uint8Array ? toHex(v) : String(v));

/**
 * The reasons as of block `upTo` (every block indexed when absent): the verdict store reads up to a block whose hash
 * it keeps, so that a rollback below that block is noticed and every verdict that read past it is computed again.
 */
export const transferPatternReasons = async (db: Db, chainId: number, address: string, upTo = Number.MAX_SAFE_INTEGER): Promise<VerdictReason[]> => {
  const contract = toBytes(address);
  const out: VerdictReason[] = [];
  const [drop] = await readQuery<Record<string, unknown>>(
    db,
    `SELECT t.tx_hash, COUNT(DISTINCT t.to_address) AS n FROM ${FIRST} WHERE t.from_address <> ? ` +
      `AND ${FRESH} GROUP BY t.tx_hash ORDER BY n DESC LIMIT 1`,
    [chainId, contract, upTo, ZERO, upTo, upTo],
  );
  if (drop && Number(drop.n) >= AIRDROP_MIN_RECIPIENTS) {
    out.push({ code: 'UNSOLICITED_AIRDROP', field: 'transfers', evidence: `transaction ${hex(drop.tx_hash)} sent it to ${Number(drop.n)} accounts that never held or moved it` });
  }
  const senders = await readQuery<Record<string, unknown>>(
    db,
    'SELECT t.from_address AS sender, COUNT(DISTINCT t.to_address) AS n, ' +
      `SUM(CASE WHEN ${FRESH} THEN 0 ELSE 1 END) AS known FROM ${FIRST} WHERE t.from_address <> ? ` +
      'GROUP BY t.from_address LIMIT 2',
    [upTo, upTo, chainId, contract, upTo, ZERO],
  );
  if (senders.length === 1 && Number(senders[0].known) === 0 && Number(senders[0].n) >= AIRDROP_MIN_RECIPIENTS) {
    const sender = senders[0].sender as Uint8Array;
    // The sender's own tokens came only from mints: it is the issuer, not a holder passing them on.
    const [bought] = await readQuery<Record<string, unknown>>(
      db,
      'SELECT COUNT(*) AS n FROM token_transfers WHERE chain_id = ? AND contract = ? AND to_address = ? AND from_address <> ? AND block_number <= ?',
      [chainId, contract, sender, ZERO, upTo],
    );
    if (Number(bought.n) === 0) {
      out.push({ code: 'ONE_SENDER_TO_FRESH_ACCOUNTS', field: 'transfers', evidence: `every transfer comes from ${hex(sender)}, the account it was minted to, to ${Number(senders[0].n)} accounts that never moved it` });
    }
  }
  return out;
};
