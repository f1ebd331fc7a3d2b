// HTTP(S) node connection: an ethers JsonRpcProvider with batching and hidden throttling retries turned off.
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { withTimeout, type Transport } from './transport';

export const createHttpTransport = ({ url, chainId, timeoutMs }: { url: string; chainId: number; timeoutMs: number }): Transport => {
  const connection = new FetchRequest(url);
  connection.timeout = timeoutMs;
  // ethers retries 429 by itself (up to 12 times); the client's retry policy owns that decision.
  connection.retryFunc = async () => false;
  // staticNetwork: never probe eth_chainId behind our back. batchMaxCount 1: one request per HTTP call,
  // so the concurrency limit is the number of requests in flight and errors map to one method.
  const provider = new JsonRpcProvider(connection, Network.from(chainId), { staticNetwork: true, batchMaxCount: 1 });

  return {
    kind: 'http',
    request: (method, params, ms) => withTimeout(method, provider.send(method, params), ms),
    close: async () => provider.destroy(),
  };
};
