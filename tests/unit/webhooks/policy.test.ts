// Retry timing, Retry-After, batching and chain order of webhook items, listener input checks.
import { backoffMs, retryAfterMs, RETRY_AFTER_MAX_MS } from '../../../src/domain/webhooks/retry';
import { deliveriesOf, inChainOrder, newSecret, type WebhookItem } from '../../../src/domain/webhooks/payloads';
import { compileListener, validateFilters, validateKinds } from '../../../src/domain/webhooks/filters';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);

it('backs off exponentially with jitter, capped, over about a day with the defaults', () => {
  expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
  expect(backoffMs(1, 1000, 60_000, () => 0.999999)).toBe(1000);
  expect(backoffMs(4, 1000, 60_000, () => 0.999999)).toBe(8000);
  expect(backoffMs(30, 1000, 60_000, () => 0.999999)).toBe(60_000);
  const total = (r: number) => Array.from({ length: 15 }, (_, i) => backoffMs(i + 1, 5_000, 6 * 3_600_000, () => r)).reduce((a, b) => a + b, 0);
  // 16 attempts: the 15 waits between them span between half a day and a day and a half.
  expect(total(0)).toBeGreaterThan(12 * 3_600_000 * 0.9);
  expect(total(0.999999)).toBeLessThan(36 * 3_600_000);
});

it('reads Retry-After as seconds or an HTTP date, capped at a day', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterMs('3', now)).toBe(3000);
  expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
  expect(retryAfterMs('999999999', now)).toBe(RETRY_AFTER_MAX_MS);
  expect(retryAfterMs('soon', now)).toBeNull();
  expect(retryAfterMs(undefined, now)).toBeNull();
});

it('cuts items into deliveries of the batch size, each with its own webhook id and block range', () => {
  const items: WebhookItem[] = [5, 6, 6, 7, 9].map((b) => ({ kind: 'final', blockNumber: b }));
  const rows = deliveriesOf(1, 31337, 'data', items, 2);
  expect(rows.map((r) => [r.firstBlock, r.lastBlock, r.eventCount])).toEqual([[5, 6, 2], [6, 7, 2], [9, 9, 1]]);
  expect(new Set(rows.map((r) => r.webhookId)).size).toBe(3);
  expect(rows.every((r) => /^msg_[0-9a-f]{32}$/.test(r.webhookId) && r.status === 'pending')).toBe(true);
  expect(newSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
});

it('orders items by block, then logs, receipts and balances', () => {
  const ev = (block: number, logIndex: number) => ({ kind: 'event', event: { blockNumber: block, logIndex } }) as unknown as WebhookItem;
  const rc = (block: number, txIndex: number) => ({ kind: 'receipt', receipt: { blockNumber: block, txIndex } }) as unknown as WebhookItem;
  const bal = (block: number) => ({ kind: 'balance', balance: { blockNumber: block } }) as unknown as WebhookItem;
  const order = inChainOrder([bal(2), rc(2, 0), ev(2, 3), ev(1, 9), ev(2, 1)]).map((i) => `${i.kind}`);
  expect(order).toEqual(['event', 'event', 'event', 'receipt', 'balance']);
});

it('checks listener filters and kinds as the subscriptions do', () => {
  expect(validateFilters(1, { accounts: [A.toUpperCase().replace('0X', '0x')], tokenIDs: ['0x10'] })).toEqual({ accounts: [A], tokenIDs: ['16'] });
  expect(() => validateFilters(1, { events: ['Transfer(address,address,uint256)'] })).toThrow(/contractAddresses or accounts/);
  expect(() => validateFilters(1, { accounts: ['nope'] })).toThrow(/accounts/);
  expect(validateKinds(undefined)).toEqual(['events']);
  expect(validateKinds(['Balances', 'receipts', 'balances'])).toEqual(['balances', 'receipts']);
  expect(() => validateKinds(['logs'])).toThrow(/unknown kind/);
  const l = compileListener({ id: 1, chainId: 1, filters: JSON.stringify({ contractAddresses: [A] }), kinds: 'balances' });
  expect(l.balance({ chainId: 1, contract: A, account: B, tokenId: '0' } as never)).toBe(true);
  expect(l.balance({ chainId: 1, contract: B, account: A, tokenId: '0' } as never)).toBe(false);
  expect(l.balance({ chainId: 2, contract: A, account: B, tokenId: '0' } as never)).toBe(false);
});
