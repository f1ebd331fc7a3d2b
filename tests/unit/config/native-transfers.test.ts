// CHAINS `nativeTransfers`: on by default for a chain that indexes every contract, off by default with named
// contracts, and refused (with the reason) when asked for together with them; anything but a boolean is refused.
import { parseChains } from '../../../src/config/chains';

const A = '0x' + 'a'.repeat(40);
const parse = (entry: Record<string, unknown>) => parseChains(JSON.stringify([{ chainId: 1, url: 'https://a.example/rpc', ...entry }]));

it('is on by default, and can be turned off', () => {
  expect(parse({}).chains[0].nativeTransfers).toBe(true);
  expect(parseChains('1=https://a.example/rpc').chains[0].nativeTransfers).toBe(true);
  expect(parse({ nativeTransfers: false }).chains[0].nativeTransfers).toBe(false);
});

it('is off with named contracts, and refused together with them', () => {
  expect(parse({ contracts: [A] }).chains[0].nativeTransfers).toBe(false);
  expect(parse({ contracts: [A], nativeTransfers: false })).toMatchObject({ problems: [] });
  const { chains, problems } = parse({ contracts: [A], nativeTransfers: true });
  expect(chains).toEqual([]);
  expect(problems[0]).toBe('CHAINS[0].nativeTransfers: a chain with named contracts indexes only their tokens; remove contracts to index native transfers');
});

it('refuses anything but a boolean, naming the field', () => {
  const { problems } = parse({ nativeTransfers: 'yes' });
  expect(problems[0]).toMatch(/^CHAINS\[0\]\.nativeTransfers: /);
});
