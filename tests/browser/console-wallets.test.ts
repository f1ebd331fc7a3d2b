// The console's wallet page in a real headless Chromium, signed in with a project's bearer token: enter a linked
// wallet's address and see its family (the parent and its linked wallets), each token summed across them — compared
// with balanceOf read from the chain — each chain's native coin, and the merged history page by page. The page must
// load nothing from outside the server and log no error. A failed step leaves a screenshot in tests/output/.
import { JsonRpcProvider, Wallet, type Contract } from 'ethers';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium, openPage, pageActions, watchPage, withScreenshot } from '../helpers/browser';
import { DEV_KEYS, devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../helpers/chain-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
import { eoa, linkBody } from '../integration/wallets/wallet-kit';
import type http from 'node:http';
import { dataJson, png } from '../helpers/media-files';
import { startServer, type LocalServer } from '../integration/web/local-server';

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let bearer: string;
let browser: Browser;
let host: LocalServer;
let page: Page;
let watched: ReturnType<typeof watchPage>;
const family = [3, 4, 5].map((i) => new Wallet(DEV_KEYS[i]));
const transactions: string[] = [];

const LINK = `mutation($signatureChainId: String!, $parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $linkedWalletAddress: String!, $linkedWalletMessage: String!, $linkedWalletSignature: String!) {
  linkWallet(signatureChainId: $signatureChainId, parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, linkedWalletAddress: $linkedWalletAddress, linkedWalletMessage: $linkedWalletMessage, linkedWalletSignature: $linkedWalletSignature) { id }
}`;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  const [p, c1, c2] = family.map((w) => w.address);
  const sent = async (tx: Promise<{ hash: string; wait(): Promise<unknown> }>) => {
    const t = await tx;
    await t.wait();
    transactions.push(t.hash.toLowerCase());
  };
  await sent(tokens.erc20.mint(p, 1_500_000_000_000_000_000n));
  await sent(tokens.erc20.mint(c1, 250_000_000_000_000_000n));
  await sent(tokens.erc1155.mintBatch(c2, [7n], [4n]));
  await sent(tokens.erc1155.mint(p, 7n, 2n));
  await sent((tokens.erc20.connect(devWallet(anvil, 4)) as Contract).transfer(c2, 50_000_000_000_000_000n));
  // A native coin transfer between two of the family's wallets: in the history beside the token transfers.
  await sent(devWallet(anvil, 5).sendTransaction({ to: p, value: 1_250_000_000_000_000_000n }));
  // An NFT of the family whose image Strata caches: the page shows Strata's thumbnail of it.
  const image = await png(400, 400, 120);
  host = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/ape.png') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length }).end(image);
  });
  await sent(tokens.erc721.mint(c1, 9n));
  await sendAndWait(tokens.erc721.setTokenURI(9n, dataJson({ name: 'Ape 9', image: `${host.origin}/ape.png` })));
  server = await startTestServer({
    CHAINS: `${anvil.chainId}=${anvil.rpcUrl}`,
    METADATA_ALLOW_HOSTS: `127.0.0.1:${host.port}`,
    MEDIA_CACHE: 'on',
    MEDIA_POLL_MS: '50',
  });
  const project = await server.createProject('wallet page');
  bearer = project.bearerToken;
  const [parent, ...children] = family.map((w) => eoa(w));
  for (const child of children) {
    const r = await server.graphql(LINK, await linkBody(parent, child, anvil.chainId), { 'X-Access-Key': project.accessKey });
    expect(r.body.errors).toBeUndefined();
  }
  await waitForIndexed(server.app, anvil);
  browser = await launchChromium();
  page = await openPage(browser);
  await page.setViewport({ width: 1366, height: 900 });
  watched = watchPage(page, (url) => url.startsWith(server.url) || url.startsWith('data:'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await anvil?.stop();
  await host?.close();
});

const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-wallets-${name}`, body, { fullPage: true });
const { fill, clickButton, clickLink, waitForText, signIn } = pageActions(() => page);

/** The rows of the table labelled `label`, each a list of its cells' text. */
const rows = (label: string) =>
  page.$$eval(`table[aria-label="${label}"] tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.replace(/\s+/g, ' ').trim() ?? '')));

describe('the console’s wallet page', () => {
  it('shows the family of a linked wallet, its holdings as the chain holds them, its native coin and its history', async () => {
    await step('open', async () => {
      await signIn(server.url, bearer);
      await clickLink('Wallets');
      // A child's address opens the whole family.
      await fill('Wallet address', family[2].address);
      await clickButton('Open wallet');
      await waitForText('Family of', 'h3');
    });
    const members = await page.$$eval('ul[aria-label="Wallets of the family"] li code', (els) => els.map((e) => e.textContent));
    expect(members).toEqual(family.map((w) => w.address.toLowerCase()));

    const holdings = await rows('Holdings');
    const gold = holdings.find((r) => r[1].startsWith('Gold'));
    const sum = async (read: (a: string) => Promise<bigint>) => (await Promise.all(family.map((w) => read(w.address)))).reduce((a, v) => a + v, 0n);
    const goldOnChain = await sum((a) => tokens.erc20.balanceOf(a));
    expect(goldOnChain).toBe(1_750_000_000_000_000_000n);
    // 18 decimals, shown exactly.
    expect(gold).toEqual([String(anvil.chainId), expect.stringContaining('GLD'), '', '1.75', '3']);
    const item = holdings.find((r) => r[2] === '7');
    expect(item?.[3]).toBe(String(await sum((a) => tokens.erc1155.balanceOf(a, 7n))));
    expect(item?.[4]).toBe('2');

    const provider = new JsonRpcProvider(anvil.rpcUrl, anvil.chainId, { staticNetwork: true });
    const native = await sum((a) => provider.getBalance(a));
    provider.destroy();
    const [chain] = await rows('Chains');
    expect(chain[0]).toBe(String(anvil.chainId));
    const [whole, fraction = ''] = chain[1].split('.');
    expect(BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))).toBe(native);
    expect(chain[2]).toBe('answered');

    const history = await rows('History');
    expect(history).toHaveLength(transactions.length);
    expect(history.map((r) => r[1])).toEqual(transactions.map(() => String(anvil.chainId)));
    expect(history.some((r) => r[3].includes('SEND 1.25 of the native coin'))).toBe(true);

    // The NFT's image, cached by Strata: its 128 px thumbnail, from Strata, once the media worker made it.
    await step('thumbnail', async () => {
      await page.waitForFunction(
        async () => {
          if (document.querySelector('[data-testid="holding-thumbnail"]')) return true;
          (document.querySelector('form[aria-label="Open a wallet"] button[type="submit"]') as HTMLButtonElement | null)?.click();
          await new Promise((r) => setTimeout(r, 300));
          return false;
        },
        { polling: 500 },
      );
    });
    const thumb = await page.$eval('[data-testid="holding-thumbnail"]', (img) => ({ src: (img as HTMLImageElement).src, loaded: (img as HTMLImageElement).naturalWidth }));
    expect(thumb.src.startsWith(`${server.url}/media/`)).toBe(true);
    await page.waitForFunction(() => ((document.querySelector('[data-testid="holding-thumbnail"]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    expect(watched.outside).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('pages through a longer history with “Older transactions”', async () => {
    for (let i = 0; i < 21; i++) await sendAndWait(tokens.erc20.mint(family[1].address, BigInt(i + 1)));
    await waitForIndexed(server.app, anvil);
    await step('older', async () => {
      await clickButton('Open wallet');
      await page.waitForFunction((n) => document.querySelectorAll('table[aria-label="History"] tbody tr').length === n, {}, 20);
      await clickButton('Older transactions');
      await page.waitForFunction((n) => document.querySelectorAll('table[aria-label="History"] tbody tr').length === n, {}, transactions.length + 21);
    });
    const buttons = await page.$$eval('button', (bs) => bs.map((b) => b.textContent?.trim()));
    expect(buttons).not.toContain('Older transactions');
    expect(watched.consoleErrors).toEqual([]);
  });
});
