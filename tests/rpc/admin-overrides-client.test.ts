// Contract-info overrides through the published @0xsequence/metadata@2.3.43 `Admin` class, unchanged: the operator's
// override wins in every contract-info read (Metadata's GetContractInfo, batch, find, search; the Indexer's embedded
// contractInfo; GraphQL) and shows as such.
import {
  Admin,
  ContractType,
  InvalidArgumentError,
  Metadata,
  NotFoundError,
  PermissionDeniedError,
  RequestConflictError,
  UnauthorizedError,
  WebrpcError,
  type ContractInfoOverride,
} from '@0xsequence/metadata';
import { SequenceIndexer } from '@0xsequence/indexer';
import { ADMIN_TOKEN, gql, startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';
import { waitForIndexed } from '../helpers/chain-fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';

const HOLDER = '0x00000000000000000000000000000000000000b7';
const operator = { Authorization: `BEARER ${ADMIN_TOKEN}` };

let env: MetadataEnv;
let admin: Admin;
let metadata: Metadata;
let chainID: string;
let cats: string;
let dogs: string;

beforeAll(async () => {
  env = await startMetadataEnv();
  chainID = String(env.anvil.chainId);
  admin = new Admin(env.server.url, fetch);
  metadata = new Metadata(env.server.url, fetch);
  const c = await env.deploy('TestERC721.sol', ['Plain Cats', 'PCAT']);
  await (await c.mint(HOLDER, 1)).wait();
  cats = c.address;
  dogs = (await env.deploy('TestERC721.sol', ['Plain Dogs', 'PDOG'])).address;
  await waitForIndexed(env.server.app, env.anvil);
});
afterAll(() => env.stop());

const key = () => env.key();
const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);
const info = async (address = cats) => (await metadata.getContractInfo({ chainID, contractAddress: address }, key())).contractInfo;

describe('Admin contract-info overrides against Strata', () => {
  it('are for the operator only', async () => {
    const args = { chainID, contractAddress: cats, contractInfoOverride: { name: 'Nope', extensions: {} } };
    expect(await rejectionOf(admin.addContractInfoOverride(args))).toBeInstanceOf(UnauthorizedError);
    expect(await rejectionOf(admin.addContractInfoOverride(args, key()))).toBeInstanceOf(UnauthorizedError);
    expect(await rejectionOf(admin.getContractInfoOverrides({}, { Authorization: `BEARER ${env.project.bearerToken}` }))).toBeInstanceOf(PermissionDeniedError);
    expect(await info()).toMatchObject({ name: 'Plain Cats' });
  });

  it('an added override wins in every contract-info read and shows as overridden', async () => {
    const added = await admin.addContractInfoOverride(
      {
        chainID,
        contractAddress: cats.toUpperCase().replace('0X', '0x'),
        contractInfoOverride: { name: 'Renamed Cats', symbol: 'RCAT', decimals: 0, logoURI: 'https://logo.example/cats.png', extensions: { description: 'Curated', verified: true, verifiedBy: 'ops', featureIndex: 3 } },
      },
      operator,
    );
    expect(added).toEqual({ ok: true });

    const expected = { address: cats, name: 'Renamed Cats', symbol: 'RCAT', decimals: 0, logoURI: 'https://logo.example/cats.png', type: ContractType.ERC721, overridden: true };
    const extensions = { description: 'Curated', verified: true, verifiedBy: 'ops', featured: true };
    expect(await info()).toMatchObject({ ...expected, extensions });
    const batch = await metadata.getContractInfoBatch({ chainID, contractAddresses: [cats, dogs] }, key());
    expect(batch.contractInfoMap[cats]).toMatchObject(expected);
    expect(batch.contractInfoMap[dogs]).toMatchObject({ name: 'Plain Dogs' });
    expect(batch.contractInfoMap[dogs]).not.toHaveProperty('overridden');
    const found = await metadata.findContractInfo({ contractAddress: cats }, key());
    expect(found.contractInfoList).toEqual([expect.objectContaining(expected)]);
    const renamed = await metadata.searchContractsByQuery({ q: 'renamed', chainID }, key());
    expect(renamed.contractInfo.map((c) => c.address)).toEqual([cats]);
    expect((await metadata.searchContractsByQuery({ q: 'plain', chainID }, key())).contractInfo.map((c) => c.address)).toEqual([dogs]);
    // Featured by the override: first in an unfiltered search.
    expect((await metadata.searchContractsByQuery({ q: '', chainID }, key())).contractInfo[0].address).toBe(cats);

    const indexer = new SequenceIndexer(env.server.url, env.accessKey);
    const balances = await indexer.getTokenBalances({ accountAddress: HOLDER, includeMetadata: true });
    expect(balances.balances.map((b) => b.contractInfo)).toEqual([expect.objectContaining({ address: cats, name: 'Renamed Cats', symbol: 'RCAT', overridden: true })]);

    const g = await gql(env, `query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { name override { name symbol extensions { verified featureIndex } } } }`, {
      c: chainID,
      a: cats,
    });
    expect(g.contractInfo).toEqual({ name: 'Renamed Cats', override: { name: 'Renamed Cats', symbol: 'RCAT', extensions: { verified: true, featureIndex: 3 } } });

    const { contractInfoOverride } = await admin.getContractInfoOverride({ chainID, contractAddress: cats }, operator);
    expect(contractInfoOverride).toMatchObject({
      chainId: env.anvil.chainId,
      contractAddress: cats,
      name: 'Renamed Cats',
      symbol: 'RCAT',
      decimals: 0,
      extensions: { description: 'Curated', verified: true, verifiedBy: 'ops', featureIndex: 3 },
    });
    expect(contractInfoOverride).not.toHaveProperty('type');
  });

  it('adding a second override of a contract is a conflict; bad fields are refused', async () => {
    const again = await rejectionOf(admin.addContractInfoOverride({ chainID, contractAddress: cats, contractInfoOverride: { name: 'Twice', extensions: {} } }, operator));
    expect(again).toBeInstanceOf(RequestConflictError);
    const badType = await rejectionOf(
      admin.addContractInfoOverride({ chainID, contractAddress: dogs, contractInfoOverride: { type: 'ERC9999', extensions: {} } }, operator),
    );
    expect(badType).toBeInstanceOf(InvalidArgumentError);
    expect(badType.message).toMatch(/^contractInfoOverride\.type: Value "ERC9999" does not exist in "ContractType" enum/);
    const badDecimals = await rejectionOf(
      admin.addContractInfoOverride({ chainID, contractAddress: dogs, contractInfoOverride: { decimals: 300, extensions: {} } }, operator),
    );
    expect(badDecimals.message).toMatch(/^contractInfoOverride\.decimals: /);
    const badLink = await rejectionOf(
      admin.addContractInfoOverride({ chainID, contractAddress: dogs, contractInfoOverride: { extensions: { link: 'javascript:alert(1)' } } }, operator),
    );
    expect(badLink.message).toMatch(/^contractInfoOverride\.extensions\.link: /);
    expect(await rejectionOf(admin.getContractInfoOverride({ chainID, contractAddress: dogs }, operator))).toBeInstanceOf(NotFoundError);
  });

  it('lists overrides page by page, of one chain or all', async () => {
    // Strata names each listed override's contract (fields the published type does not declare).
    const addressOf = (o: ContractInfoOverride) => (o as ContractInfoOverride & { contractAddress: string }).contractAddress;
    await admin.addContractInfoOverride({ chainID, contractAddress: dogs, contractInfoOverride: { extensions: { blacklist: true } } }, operator);
    const all = await admin.getContractInfoOverrides({}, operator);
    expect(all.page).toEqual({ pageSize: 50, more: false });
    expect(all.contractInfoOverrides.map(addressOf)).toEqual([cats, dogs].sort());
    const first = await admin.getContractInfoOverrides({ chainID, page: { pageSize: 1 } }, operator);
    expect(first.page).toEqual({ page: 2, pageSize: 1, more: true });
    const second = await admin.getContractInfoOverrides({ chainID, page: first.page }, operator);
    expect([...first.contractInfoOverrides, ...second.contractInfoOverrides].map(addressOf)).toEqual([cats, dogs].sort());
    // A blacklisting override leaves the contract out of searches.
    expect((await metadata.searchContractsByQuery({ q: 'plain', chainID }, key())).contractInfo).toEqual([]);
    expect(await info(dogs)).toMatchObject({ name: 'Plain Dogs', extensions: { blacklist: true }, overridden: true });
  });

  it('an update replaces the whole override; removing one lets the chain answer again', async () => {
    expect(await admin.updateContractInfoOverride({ chainID, contractAddress: cats, contractInfoOverride: { symbol: 'NEW', extensions: {} } }, operator)).toEqual({ ok: true });
    expect(await info()).toMatchObject({ name: 'Plain Cats', symbol: 'NEW', extensions: { verified: false }, overridden: true });

    expect(await admin.removeContractInfoOverride({ chainID, contractAddress: cats }, operator)).toEqual({ ok: true });
    const back = await info();
    expect(back).toMatchObject({ name: 'Plain Cats', symbol: 'PCAT' });
    expect(back).not.toHaveProperty('overridden');
    expect(await rejectionOf(admin.removeContractInfoOverride({ chainID, contractAddress: cats }, operator))).toBeInstanceOf(NotFoundError);
    expect(
      await rejectionOf(admin.updateContractInfoOverride({ chainID, contractAddress: cats, contractInfoOverride: { name: 'X', extensions: {} } }, operator)),
    ).toBeInstanceOf(NotFoundError);
  });
});
