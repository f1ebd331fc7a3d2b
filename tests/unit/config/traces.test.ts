// CHAINS `traces` (internal transfers): `auto` by default, only with native transfers (a chain without them asks for
// none, and refuses "on"), and nothing but auto/on/off.
import { parseChains, tracesWanted } from '../../../src/config/chains';

const A = '0x' + 'a'.repeat(40);
const parse = (entry: Record<string, unknown>) => parseChains(JSON.stringify([{ chainId: 1, url: 'https://a.example/rpc', ...entry }]));

it('is auto by default, and can be on or off', () => {
  expect(tracesWanted(parse({}).chains[0])).toBe('auto');
  expect(tracesWanted(parseChains('1=https://a.example/rpc').chains[0])).toBe('auto');
  expect(tracesWanted(parse({ traces: 'on' }).chains[0])).toBe('on');
  expect(tracesWanted(parse({ traces: 'off' }).chains[0])).toBe('off');
});

it('asks for nothing without native transfers, and refuses "on" there, naming the field', () => {
  expect(tracesWanted(parse({ nativeTransfers: false }).chains[0])).toBe('off');
  expect(tracesWanted(parse({ contracts: [A] }).chains[0])).toBe('off');
  for (const entry of [{ nativeTransfers: false }, { contracts: [A] }]) {
    const { chains, problems } = parse({ ...entry, traces: 'on' });
    expect(chains).toEqual([]);
    expect(problems[0]).toBe('CHAINS[0].traces: internal transfers come with native transfers: traces "on" needs nativeTransfers on (and no named contracts)');
  }
});

it('refuses anything but auto, on or off', () => {
  expect(parse({ traces: true }).problems[0]).toMatch(/^CHAINS\[0\]\.traces: /);
  expect(parse({ traces: 'debug' }).problems[0]).toMatch(/^CHAINS\[0\]\.traces: /);
});
