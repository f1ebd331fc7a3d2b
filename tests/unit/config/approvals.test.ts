// CHAINS `approvals`: on by default, with or without named contracts (their logs only), off when asked; anything but
// a boolean is refused with the field named.
import { parseChains } from '../../../src/config/chains';

const A = '0x' + 'a'.repeat(40);
const parse = (entry: Record<string, unknown>) => parseChains(JSON.stringify([{ chainId: 1, url: 'https://a.example/rpc', ...entry }]));

it('is on by default, for every contract and for named ones, and can be turned off', () => {
  expect(parse({}).chains[0].approvals).toBe(true);
  expect(parseChains('1=https://a.example/rpc').chains[0].approvals).toBe(true);
  expect(parse({ contracts: [A] }).chains[0].approvals).toBe(true);
  expect(parse({ approvals: false }).chains[0].approvals).toBe(false);
  expect(parse({ contracts: [A], approvals: false }).chains[0].approvals).toBe(false);
});

it('refuses anything but a boolean, naming the field', () => {
  const { chains, problems } = parse({ approvals: 'yes' });
  expect(chains).toEqual([]);
  expect(problems[0]).toMatch(/^CHAINS\[0\]\.approvals: /);
});
