// A followed transaction with hundreds of transfer logs: its receipt logs (kept for receipt replay) are stored whole.
// On MySQL they once went to a TEXT column, and a transaction of more than ~170 logs stopped ingestion at its block.
import { ContractFactory, type Contract } from 'ethers';
import { ChainTransactionEntity, TransferEntity } from '../../../src/db';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { waitForCanonical } from '../../helpers/ledger';
import { startTestServer, type TestServer } from '../../helpers/server';
import { compileScaleTokens } from '../../bench/chain-scale/generate';

let anvil: Anvil;
let server: TestServer;

beforeAll(async () => {
  anvil = await startAnvil();
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1 }]) });
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('ingests a transaction of 400 transfer logs and keeps its receipt logs whole', async () => {
  const { abi, bytecode } = compileScaleTokens().ScaleERC20;
  const token = (await new ContractFactory(abi, bytecode, devWallet(anvil, 0)).deploy('Many', 'MNY', 18)) as Contract;
  await token.waitForDeployment();
  const tx = await token.spray(400, 7, 1_000, { gasLimit: 30_000_000 });
  await tx.wait();
  await waitForCanonical(server.app.db, anvil);

  const address = (await token.getAddress()).toLowerCase();
  // Three whale mints at deployment, then the 400 of the spray.
  expect(await server.app.db.getRepository(TransferEntity).countBy({ contract: address })).toBe(403);
  const row = await server.app.db.getRepository(ChainTransactionEntity).findOneByOrFail({ txHash: tx.hash.toLowerCase() });
  expect(JSON.parse(row.logsJson!)).toHaveLength(400);
});
