import type { Contract, ContractTransactionResponse, Wallet } from 'ethers';
import { startAnvil, devWallet, type Anvil } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { createChainClient, type ChainClient } from '../../../src/chain/client';
import { decodeTransferLog, isSkipped, TRANSFER_TOPICS, type DecodedTransfer } from '../../../src/chain/decode-transfers';
import type { Receipt } from '../../../src/chain/types';

const MAX = 2n ** 256n - 1n;
const ZERO = '0x0000000000000000000000000000000000000000';

describe('decodeTransferLog on mined transactions', () => {
  let anvil: Anvil;
  let client: ChainClient;
  let deployer: Wallet;
  let alice: Wallet;
  let bob: Wallet;
  let a: { deployer: string; alice: string; bob: string };
  let erc20: Contract;
  let erc721: Contract;
  let erc1155: Contract;
  let market: Contract;
  let addr: { erc20: string; erc721: string; erc1155: string; market: string };

  /** Sends, waits, and returns the receipt as the chain client sees it. */
  const mined = async (tx: Promise<ContractTransactionResponse>): Promise<Receipt> => {
    const r = await (await tx).wait();
    return (await client.eth_getTransactionReceipt(r!.hash))!;
  };
  const decodeAll = (receipt: Receipt) => receipt.logs.map(decodeTransferLog);
  const transfers = (receipt: Receipt) => decodeAll(receipt).filter((d): d is DecodedTransfer => !isSkipped(d));

  beforeAll(async () => {
    anvil = await startAnvil();
    client = await createChainClient({ chainId: anvil.chainId, url: anvil.rpcUrl });
    [deployer, alice, bob] = [devWallet(anvil, 0), devWallet(anvil, 1), devWallet(anvil, 2)];
    a = { deployer: deployer.address.toLowerCase(), alice: alice.address.toLowerCase(), bob: bob.address.toLowerCase() };
    erc20 = await deployContract(deployer, 'TestERC20.sol', 'TestERC20', ['Test Token', 'TT', 18]);
    erc721 = await deployContract(deployer, 'TestERC721.sol', 'TestERC721', ['Test NFT', 'TNFT']);
    erc1155 = await deployContract(deployer, 'TestERC1155.sol', 'TestERC1155', ['https://example.test/{id}.json']);
    market = await deployContract(deployer, 'Marketplace.sol', 'Marketplace');
    addr = {
      erc20: (await erc20.getAddress()).toLowerCase(),
      erc721: (await erc721.getAddress()).toLowerCase(),
      erc1155: (await erc1155.getAddress()).toLowerCase(),
      market: (await market.getAddress()).toLowerCase(),
    };
  });

  afterAll(async () => {
    await client?.close();
    await anvil?.stop();
  });

  it('ERC-20: mint and transfer of 2^256-1', async () => {
    const mint = await mined(erc20.mint(alice.address, MAX));
    expect(decodeAll(mint)).toEqual([{ kind: 'ERC20', contract: addr.erc20, from: ZERO, to: a.alice, tokenIds: [0n], amounts: [MAX] }]);
    const transfer = await mined((erc20.connect(alice) as Contract).transfer(bob.address, MAX));
    expect(decodeAll(transfer)).toEqual([{ kind: 'ERC20', contract: addr.erc20, from: a.alice, to: a.bob, tokenIds: [0n], amounts: [MAX] }]);
  });

  it('ERC-721: mint, transfer and burn of token 2^256-1', async () => {
    const mint = await mined(erc721.mint(alice.address, MAX));
    expect(decodeAll(mint)).toEqual([{ kind: 'ERC721', contract: addr.erc721, from: ZERO, to: a.alice, tokenIds: [MAX], amounts: [1n] }]);
    const transfer = await mined((erc721.connect(alice) as Contract).transferFrom(alice.address, bob.address, MAX));
    expect(transfers(transfer)).toEqual([{ kind: 'ERC721', contract: addr.erc721, from: a.alice, to: a.bob, tokenIds: [MAX], amounts: [1n] }]);
    const burn = await mined((erc721.connect(bob) as Contract).burn(MAX));
    expect(transfers(burn)).toMatchObject([{ kind: 'ERC721', from: a.bob, to: ZERO, tokenIds: [MAX] }]);
  });

  it('ERC-1155: single and batch transfers, with the operator', async () => {
    const single = await mined(erc1155.mint(alice.address, MAX, MAX));
    expect(decodeAll(single)).toEqual([
      { kind: 'ERC1155', contract: addr.erc1155, operator: a.deployer, from: ZERO, to: a.alice, tokenIds: [MAX], amounts: [MAX] },
    ]);
    const batch = await mined(erc1155.mintBatch(alice.address, [1n, 2n, 3n], [10n, 20n, 30n]));
    expect(decodeAll(batch)).toEqual([
      { kind: 'ERC1155', contract: addr.erc1155, operator: a.deployer, from: ZERO, to: a.alice, tokenIds: [1n, 2n, 3n], amounts: [10n, 20n, 30n] },
    ]);
    await mined((erc1155.connect(alice) as Contract).setApprovalForAll(bob.address, true));
    const moved = await mined(
      (erc1155.connect(bob) as Contract).safeBatchTransferFrom(alice.address, bob.address, [3n, MAX], [30n, MAX], '0x'),
    );
    expect(decodeAll(moved)).toEqual([
      { kind: 'ERC1155', contract: addr.erc1155, operator: a.bob, from: a.alice, to: a.bob, tokenIds: [3n, MAX], amounts: [30n, MAX] },
    ]);
  });

  it('marketplace sales: NFT and payment decoded from one transaction, other events skipped', async () => {
    await mined(erc721.mint(alice.address, 1n));
    await mined(erc721.mint(alice.address, 2n));
    await mined((erc721.connect(alice) as Contract).setApprovalForAll(addr.market, true));

    const native = await mined((market.connect(bob) as Contract).buyWithNative(addr.erc721, 1n, alice.address, { value: 10n ** 18n }));
    expect(transfers(native)).toEqual([{ kind: 'ERC721', contract: addr.erc721, from: a.alice, to: a.bob, tokenIds: [1n], amounts: [1n] }]);
    expect(decodeAll(native).filter(isSkipped)).toEqual([{ skipped: 'not a transfer event' }]); // Sale

    const usd = await deployContract(deployer, 'TestERC20.sol', 'TestERC20', ['Test Dollar', 'TUSD', 6]);
    const usdAddr = (await usd.getAddress()).toLowerCase();
    await mined(usd.mint(bob.address, 500n));
    await mined((usd.connect(bob) as Contract).approve(addr.market, 500n));
    const paid = await mined((market.connect(bob) as Contract).buyWithERC20(addr.erc721, 2n, alice.address, usdAddr, 500n));
    expect(transfers(paid)).toEqual([
      { kind: 'ERC20', contract: usdAddr, from: a.bob, to: a.alice, tokenIds: [0n], amounts: [500n] },
      { kind: 'ERC721', contract: addr.erc721, from: a.alice, to: a.bob, tokenIds: [2n], amounts: [1n] },
    ]);

    await mined(erc1155.mint(alice.address, 77n, 5n));
    await mined((erc1155.connect(alice) as Contract).setApprovalForAll(addr.market, true));
    const semi = await mined((market.connect(bob) as Contract).buy1155WithNative(addr.erc1155, 77n, 2n, alice.address, { value: 1n }));
    expect(transfers(semi)).toEqual([
      { kind: 'ERC1155', contract: addr.erc1155, operator: addr.market, from: a.alice, to: a.bob, tokenIds: [77n], amounts: [2n] },
    ]);
  });

  it('eth_getLogs with TRANSFER_TOPICS yields the same transfers as the receipts', async () => {
    const logs = await client.eth_getLogs({ fromBlock: 0, toBlock: 'latest', topics: [TRANSFER_TOPICS] });
    const decoded = logs.map(decodeTransferLog);
    expect(decoded.every((d) => !isSkipped(d))).toBe(true);
    const emitters = new Set(logs.map((l) => l.address));
    for (const token of [addr.erc20, addr.erc721, addr.erc1155]) expect(emitters.has(token)).toBe(true);
    expect(emitters.size).toBe(4); // plus the payment token of the ERC-20 sale
    const block = logs[logs.length - 1].blockNumber;
    const receipts = (await client.eth_getBlockReceipts(block))!;
    expect(receipts.flatMap((r) => r.logs).filter((l) => TRANSFER_TOPICS.includes(l.topics[0])).map(decodeTransferLog)).toEqual(
      decoded.filter((_, i) => logs[i].blockNumber === block),
    );
  });

  it('skips every malformed log from NoisyLogs with a reason, and never throws', async () => {
    const noisy = await deployContract(deployer, 'NoisyLogs.sol', 'NoisyLogs');
    const receipt = await mined(noisy.emitAll());
    const reasons = decodeAll(receipt).map((d) => (isSkipped(d) ? d.skipped : `decoded ${d.kind}`));
    expect(reasons).toHaveLength(11);
    const expected = [
      /Transfer with 1 topics/,
      /Transfer with 2 topics/,
      /ERC-20 Transfer data is 16 bytes/,
      /ERC-20 Transfer data is 0 bytes/,
      /ERC-721 Transfer carries 32 bytes/,
      /non-zero high bytes/,
      /TransferSingle data is 32 bytes/,
      /TransferSingle with 3 topics/,
      /TransferBatch has 2 ids but 1 values/,
      /out-of-range/,
      /out-of-range/,
    ];
    reasons.forEach((r, i) => expect(r).toMatch(expected[i]));
  });
});
