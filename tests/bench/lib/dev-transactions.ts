// Many transactions per block on anvil, fast: unsigned eth_sendTransaction calls from its unlocked dev accounts, round
// robin, with nonces counted here so a whole block's worth goes out in one JSON-RPC batch (at a zero gas price: the
// benchmark chains run with a zero base fee).
import { ContractFactory, Wallet, getCreateAddress } from 'ethers';
import { DEV_KEYS } from '../../helpers/anvil';

export type Call = { method: string; params: unknown[] };

/** One JSON-RPC batch; rejects with the first failed call's method and message. Results in call order. */
export const batchRpc = async (url: string, calls: Call[]): Promise<unknown[]> => {
  if (!calls.length) return [];
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  const replies = (await res.json()) as Array<{ id: number; result?: unknown; error?: { message: string } }>;
  const failed = replies.find((r) => r.error);
  if (failed) throw new Error(`${calls[failed.id].method}: ${failed.error!.message}`);
  return replies.sort((a, b) => a.id - b.id).map((r) => r.result);
};

const hex = (n: number) => `0x${n.toString(16)}`;

export type DevSender = {
  /** A call of `data` to `to` from the next dev account. */
  send(to: string, data: string, gas: number): Call;
  /** A deployment from the first dev account, and the address the contract will have. */
  deploy(compiled: { abi: any[]; bytecode: string }, args: unknown[]): { call: Call; address: string };
};

export const createDevSender = (): DevSender => {
  const accounts = DEV_KEYS.map((k) => new Wallet(k).address.toLowerCase());
  const nonces = accounts.map(() => 0);
  let next = 0;
  const call = (from: number, fields: Record<string, string>): Call => ({
    method: 'eth_sendTransaction',
    params: [{ from: accounts[from], ...fields, gasPrice: '0x0', nonce: hex(nonces[from]++) }],
  });
  return {
    send(to, data, gas) {
      const from = next;
      next = (next + 1) % accounts.length;
      return call(from, { to, data, gas: hex(gas) });
    },
    deploy({ abi, bytecode }, args) {
      const address = getCreateAddress({ from: accounts[0], nonce: nonces[0] }).toLowerCase();
      const data = bytecode + new ContractFactory(abi, bytecode).interface.encodeDeploy(args).slice(2);
      return { call: call(0, { data, gas: '0x4c4b40' }), address };
    },
  };
};
