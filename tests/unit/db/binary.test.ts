// Addresses and hashes of the chain tables as bytes, and back as lower-case 0x hex (src/db/binary.ts).
import { bytesTransformer, hexRows, toBytes, toHex } from '../../../src/db/binary';

const ADDRESS = '0x00000000000000000000000000000000000000a2';
const HASH = `0x${'ab'.repeat(31)}0f`;

it('turns 0x hex into its bytes and back, whatever the case', () => {
  expect(toBytes(ADDRESS)).toEqual(Buffer.from(`${'00'.repeat(19)}a2`, 'hex'));
  expect(toBytes(ADDRESS)).toHaveLength(20);
  expect(toBytes(HASH)).toHaveLength(32);
  expect(toHex(toBytes(HASH.toUpperCase().replace('0X', '0x')))).toBe(HASH);
  expect(toHex(toBytes(ADDRESS))).toBe(ADDRESS);
});

it('keeps an empty value empty both ways (a balance restored without a block hash)', () => {
  expect(toBytes('')).toHaveLength(0);
  expect(toHex(new Uint8Array(0))).toBe('');
});

it('hands out the same bytes for a value converted again, and stays right past its cache', () => {
  expect(toBytes(ADDRESS)).toBe(toBytes(ADDRESS));
  const values = Array.from({ length: 20_000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
  for (const v of values) expect(toHex(toBytes(v))).toBe(v);
  expect(toHex(toBytes(values[0]))).toBe(values[0]);
});

it('reads a view of a larger buffer as its own bytes only', () => {
  const pool = Buffer.from(`ffff${'11'.repeat(20)}ffff`, 'hex');
  expect(toHex(pool.subarray(2, 22))).toBe(`0x${'11'.repeat(20)}`);
});

it('converts every binary value of raw rows in place, and nothing else', () => {
  const rows = [{ account: toBytes(ADDRESS), balance: '12', n: 3, hash: toBytes(HASH), none: null }];
  expect(hexRows(rows)).toEqual([{ account: ADDRESS, balance: '12', n: 3, hash: HASH, none: null }]);
});

it('transforms entity values once however often TypeORM applies it', () => {
  const once = bytesTransformer.to(ADDRESS);
  expect(bytesTransformer.to(once)).toBe(once);
  expect(bytesTransformer.from(once)).toBe(ADDRESS);
  expect(bytesTransformer.from(ADDRESS)).toBe(ADDRESS);
  expect(bytesTransformer.to(null)).toBeNull();
});
