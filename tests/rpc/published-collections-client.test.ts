// The published @0xsequence/metadata@2.3.43 SequenceCollections client, unchanged, against our server.
import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  ResourceStatus,
  SequenceCollections,
  SessionExpiredError,
  UnauthorizedError,
  WebrpcError,
  type TokenMetadata,
} from '@0xsequence/metadata';
import jwt from 'jsonwebtoken';
import { startTestServer, type TestServer } from '../helpers/server';
import { RFC3339_TRIMMED, ZERO_TIME, createCollection, createToken, readToken, type Project } from './collections-fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';

let server: TestServer;
let owner: Project;
let other: Project;
let client: SequenceCollections;
let gems: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createProject('client owner');
  other = await server.createProject('client other');
  gems = (await createCollection(server, owner, { name: 'Gems', description: 'shiny', externalLink: 'https://gems.example', properties: { b: 2, a: 'one' } })).id;
  for (let i = 0; i < 4; i++) await createCollection(server, owner, { name: `filler ${i}` });
  await createToken(server, owner, gems, { tokenId: '5', name: 'Five', description: 'before' });
  // The client is used exactly as published: base URL and the project's JWT (sent as `BEARER <jwt>`).
  client = new SequenceCollections(server.url, owner.bearerToken);
});
afterAll(() => server.stop());

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

describe('SequenceCollections against Strata', () => {
  it('sends BEARER <jwt> to the Collections routes (the client as published)', async () => {
    // Observe (not alter) what the client hands to the global fetch.
    const spy = jest.spyOn(globalThis, 'fetch');
    try {
      await client.listCollections({});
      expect(spy).toHaveBeenCalledTimes(1);
      const [url, init] = spy.mock.calls[0];
      expect(url).toBe(`${server.url}/rpc/Collections/ListCollections`);
      expect(init?.method).toBe('POST');
      expect(init?.headers).toMatchObject({ Authorization: `BEARER ${owner.bearerToken}`, 'Content-Type': 'application/json', Webrpc: expect.any(String) });
    } finally {
      spy.mockRestore();
    }
  });

  it('lists collections and pages by echoing the reply page', async () => {
    const first = await client.listCollections({ projectId: owner.projectId });
    expect(first.page).toEqual({ pageSize: 30, more: false });
    expect(first.collections).toHaveLength(5);

    const seen: number[] = [];
    let page: Awaited<ReturnType<SequenceCollections['listCollections']>>['page'] | undefined = { pageSize: 2 };
    for (let calls = 0; page && calls < 10; calls++) {
      const r: Awaited<ReturnType<SequenceCollections['listCollections']>> = await client.listCollections({ page });
      seen.push(...r.collections.map((c) => c.id));
      page = r.page.more ? r.page : undefined;
    }
    expect(seen).toEqual(first.collections.map((c) => c.id));
  });

  it('gets one collection with the fields the client types declare', async () => {
    const { collection } = await client.getCollection({ collectionId: gems });
    expect(collection).toEqual({
      id: gems,
      projectId: owner.projectId,
      metadata: { name: 'Gems', description: 'shiny', external_link: 'https://gems.example', properties: { a: 'one', b: 2 } },
      private: false,
      tokenCount: 1,
      createdAt: expect.stringMatching(RFC3339_TRIMMED),
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      baseURIs: {
        contractMetadataURI: `http://strata.test/projects/${owner.projectId}/collections/${gems}.json`,
        tokenMetadataURI: `http://strata.test/projects/${owner.projectId}/collections/${gems}/tokens/`,
      },
    });
    const listed = await client.listCollections({});
    expect(listed.collections.find((c) => c.id === gems)).toEqual(collection);
  });

  it('updates a token; the change reads back through the client reply, GraphQL and the hosted document', async () => {
    // The client's TokenMetadata type requires source/status/attributes, so a typed caller sends them.
    const token: TokenMetadata = {
      tokenId: '5',
      source: '',
      status: ResourceStatus.NOT_AVAILABLE,
      name: 'Five (updated)',
      description: 'after',
      image: 'https://img.example/5.png',
      properties: { rarity: 'rare', power: 9 },
      attributes: [{ trait_type: 'colour', value: 'blue' }],
      external_url: 'https://gems.example/5',
      animation_url: 'https://gems.example/5.mp4',
    };
    const { token: reply } = await client.updateToken({ projectId: owner.projectId, collectionId: gems, tokenId: '5', token, private: false });
    // What the caller sent as source and status is not kept: the token is the hosted collection's, and there.
    expect(reply).toEqual({
      tokenId: '5',
      source: 'SEQUENCE_BUILDER_COLLECTIONS',
      status: ResourceStatus.AVAILABLE,
      name: 'Five (updated)',
      description: 'after',
      image: 'https://img.example/5.png',
      properties: { power: 9, rarity: 'rare' },
      attributes: [{ trait_type: 'colour', value: 'blue' }],
      external_url: 'https://gems.example/5',
      externalUrl: 'https://gems.example/5',
      animation_url: 'https://gems.example/5.mp4',
      animationUrl: 'https://gems.example/5.mp4',
      updatedAt: ZERO_TIME,
    });
    expect(Object.keys(reply.properties ?? {})).toEqual(['power', 'rarity']);

    expect(await readToken(server, owner, gems, '5')).toMatchObject({
      tokenId: '5',
      name: 'Five (updated)',
      description: 'after',
      image: 'https://img.example/5.png',
      properties: { power: 9, rarity: 'rare' },
      attributes: [{ trait_type: 'colour', value: 'blue' }],
      externalUrl: 'https://gems.example/5',
      animationUrl: 'https://gems.example/5.mp4',
      private: false,
    });

    const doc = await fetch(`${server.url}/projects/${owner.projectId}/collections/${gems}/tokens/5.json`);
    expect(doc.status).toBe(200);
    expect(await doc.json()).toMatchObject({ name: 'Five (updated)', description: 'after', external_url: 'https://gems.example/5' });

    // tokenCount reflects the token, and the collection is otherwise as before.
    expect((await client.getCollection({ collectionId: gems })).collection.tokenCount).toBe(1);
  });

  it("throws PermissionDeniedError (1001, 403) for another project's collection or projectId", async () => {
    const intruder = new SequenceCollections(server.url, other.bearerToken);
    for (const call of [
      () => intruder.getCollection({ collectionId: gems }),
      () => intruder.updateToken({ collectionId: gems, tokenId: '5', token: { tokenId: '5', name: 'x', source: '', status: ResourceStatus.NOT_AVAILABLE, attributes: [] } }),
      () => intruder.listCollections({ projectId: owner.projectId }),
    ]) {
      // One call at a time: a call started early could reject before anything awaits it.
      const err = await rejectionOf(call());
      expect(err).toBeInstanceOf(PermissionDeniedError);
      expect(err).toBeInstanceOf(WebrpcError);
      expect(err).toMatchObject({ name: 'PermissionDenied', code: 1001, status: 403 });
      expect(err.message).toEqual(expect.any(String));
      expect(err.message).not.toBe('');
    }
    expect((await readToken(server, owner, gems, '5')).name).toBe('Five (updated)');
  });

  it('throws NotFoundError (3000, 400) for an unknown collection or token', async () => {
    for (const call of [
      () => client.getCollection({ collectionId: 987_654 }),
      () => client.updateToken({ collectionId: gems, tokenId: '6', token: { tokenId: '6', name: 'x', source: '', status: ResourceStatus.NOT_AVAILABLE, attributes: [] } }),
    ]) {
      const err = await rejectionOf(call());
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err).toMatchObject({ name: 'NotFound', code: 3000, status: 400, message: expect.stringMatching(/not found/) });
    }
  });

  it('throws the matching classes for the other error codes', async () => {
    const anonymous = new SequenceCollections(server.url);
    const unauthorized = await rejectionOf(anonymous.listCollections({}));
    expect(unauthorized).toBeInstanceOf(UnauthorizedError);
    expect(unauthorized).toMatchObject({ code: 1000, status: 401 });

    const expired = jwt.sign({ project: owner.projectId, exp: Math.floor(Date.now() / 1000) - 5 }, server.app.config.jwtSecret, { algorithm: 'HS256' });
    const stale = await rejectionOf(new SequenceCollections(server.url, expired).getCollection({ collectionId: gems }));
    expect(stale).toBeInstanceOf(SessionExpiredError);
    expect(stale).toMatchObject({ code: 1002, status: 403 });

    const invalid = await rejectionOf(client.updateToken({ collectionId: gems, tokenId: 'five', token: { tokenId: 'five', name: 'x', source: '', status: ResourceStatus.NOT_AVAILABLE, attributes: [] } }));
    expect(invalid).toBeInstanceOf(InvalidArgumentError);
    expect(invalid).toMatchObject({ code: 2001, status: 400, message: expect.stringMatching(/^tokenId\b/) });

    // Every Collections method of the client is served: a blank name is the caller's mistake, named.
    const blank = await rejectionOf(client.createCollection({ projectId: owner.projectId, collection: { id: 0, projectId: owner.projectId, private: false, metadata: { name: ' ' } } }));
    expect(blank).toBeInstanceOf(InvalidArgumentError);
    expect(blank).toMatchObject({ code: 2001, status: 400, message: expect.stringMatching(/^metadata\.name\b/) });
  });
});
