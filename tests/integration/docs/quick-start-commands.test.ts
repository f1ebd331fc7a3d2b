// The quick starts run as a reader runs them: every `curl` of a ```sh block in docs/quick-start/*.md, in the order
// written, and every ```js program (with the published clients), against the real server indexing a real anvil with
// the same sample contracts as `strata dev` (deployed from the first dev account in the same order, so at the same
// addresses). A command that answers an error, or a renamed field that makes one fail, fails here.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { mintTx, sendTx, transferTx } from '../../helpers/chain-kit';
import { startTestServer, type TestServer } from '../../helpers/server';
import { PATIENCE_MS } from '../../helpers/patience';

const root = path.join(__dirname, '..', '..', '..');
const OWNER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

/** [where, command] of each curl in the ```sh blocks of a quick start, continuation lines joined. */
const curlsOf = (file: string): Array<[string, string]> => {
  const text = fs.readFileSync(path.join(root, 'docs', 'quick-start', file), 'utf8');
  const found: Array<[string, string]> = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block[1].split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith('curl ')) continue;
      const line = text.slice(0, block.index!).split('\n').length + i + 1;
      let command = lines[i];
      while (command.endsWith('\\')) command = `${command.slice(0, -1)} ${lines[++i].trim()}`;
      found.push([`${file}:${line}`, command]);
    }
  }
  return found;
};

/** An 8×8 PNG, for the upload the collection quick start makes. */
const png = (): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [0xcc, 0x22, 0x44]).flat()])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
};

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let env: NodeJS.ProcessEnv;
let cwd: string;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil); // ERC-20, ERC-721, ERC-1155 at strata dev's addresses
  await sendTx(anvil, mintTx(tokens, 'erc20', OWNER, OWNER, { amount: 1_000_000_000n }));
  await sendTx(anvil, mintTx(tokens, 'erc721', OWNER, OWNER, { tokenId: 1n }));
  await sendTx(anvil, mintTx(tokens, 'erc1155', OWNER, OWNER, { tokenId: 1n, amount: 100n }));
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1 }]) });
  const project = await server.createProject('My app');
  await waitForIndexed(server.app, anvil);
  // Inside the repository, so the programs' imports resolve to its node_modules (ES modules ignore NODE_PATH).
  fs.mkdirSync(path.join(root, 'tests', 'output'), { recursive: true });
  cwd = fs.mkdtempSync(path.join(root, 'tests', 'output', 'docs-quick-start-'));
  fs.writeFileSync(path.join(cwd, 'ruby.png'), png());
  env = {
    PATH: process.env.PATH,
    KEY: project.accessKey,
    TOKEN: project.bearerToken,
    OWNER,
    STRATA_ACCESS_KEY: project.accessKey,
    STRATA_BEARER_TOKEN: project.bearerToken,
  };
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
});

const run = (command: string): Promise<{ code: number; stdout: string }> =>
  new Promise((resolve) => {
    // The docs address the default port; streams (-N) run until --max-time.
    const local = command.replaceAll('localhost:4000', `127.0.0.1:${server.port}`).replace(/^curl /, 'curl --max-time 4 ');
    execFile('bash', ['-c', local], { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });

describe.each(['wallet-balances.md', 'nft-collection-hosting.md', 'live-updates.md'])('%s', (file) => {
  const commands = curlsOf(file);

  it('has curl commands to run', () => {
    expect(commands.length).toBeGreaterThan(0);
  });

  // In order: a later command may need what an earlier one created (the collection before its token).
  it.each(commands)('%s answers without an error', async (_where, command) => {
    const { code, stdout } = await run(command);
    const stream = /^curl -s?N /.test(command);
    // 28: the --max-time a stream is cut off at, after it delivered what the node had.
    expect(stream ? [0, 28] : [0]).toContain(code);
    const replies = stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
    if (!stream || command.includes('fromBlock')) expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) {
      expect(reply.errors).toBeUndefined();
      expect(reply.error).toBeUndefined();
      expect(reply.webrpcError).toBeUndefined();
    }
  });
});

/** [where, program] of each ```js block of a quick start that is a whole program (it loads a client). */
const programsOf = (file: string): Array<[string, string]> => {
  const text = fs.readFileSync(path.join(root, 'docs', 'quick-start', file), 'utf8');
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)]
    .filter((m) => /require\(|^import /m.test(m[1]))
    .map((m) => [`${file}:${text.slice(0, m.index!).split('\n').length}`, m[1]]);
};

/**
 * Runs a program until it exits, or, for a program that follows a stream (`follows`), until it has printed what it
 * read: a follower never exits by itself, and stopping it after a fixed time would race a loaded machine. Either way
 * at most PATIENCE_MS.
 */
const runProgram = (program: string, follows: boolean): Promise<{ code: number | null; stdout: string; stderr: string }> => {
  const esm = /^import /m.test(program);
  // The 3.x clients are installed here under an alias; a reader installs them under their own name.
  const source = program.replaceAll('localhost:4000', `127.0.0.1:${server.port}`).replace(/from '@0xsequence\/indexer'/g, "from '@0xsequence/indexer-v3'");
  const file = path.join(cwd, `program-${Math.random().toString(36).slice(2)}.${esm ? 'mjs' : 'js'}`);
  fs.writeFileSync(file, source);
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [file], { cwd, env, timeout: PATIENCE_MS, killSignal: 'SIGTERM' }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number | null }).code ?? null) : 0, stdout, stderr }),
    );
    // A line read from the stream is what the test waits for; the program is stopped after it.
    if (follows) child.stdout!.on('data', (chunk: Buffer) => void (chunk.toString().includes('\n') && child.kill('SIGTERM')));
  });
};

describe.each(['wallet-balances.md', 'nft-collection-hosting.md', 'live-updates.md'])('%s programs', (file) => {
  const programs = programsOf(file);

  it.each(programs)('%s runs and prints what it read', async (_where, program) => {
    const follows = program.includes('setTimeout(follow');
    // A program that follows a stream needs something to happen: transfers while it runs.
    let moving = follows;
    const mover = (async () => {
      for (let i = 0; moving; i++) {
        await sendTx(anvil, transferTx(tokens, 'erc20', OWNER, '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', { amount: BigInt(i + 1) }));
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
    const { code, stdout, stderr } = await runProgram(program, follows);
    moving = false;
    await mover;
    expect(stderr).toBe('');
    if (!follows) expect(code).toBe(0);
    expect(stdout.trim()).not.toBe('');
  });
});
