// GraphiQL in a real headless Chromium (Debian's, driven by puppeteer-core), as a newcomer uses it: run a preset query,
// start the live balanceUpdates subscription with the access key in the Headers tab, mine a transfer and see it
// arrive. The page must load nothing from outside the server and log no console error. A failed run leaves a
// screenshot in tests/output/.
import type { Browser, Page } from 'puppeteer-core';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../helpers/chain-fixtures';
import { launchChromium, watchPage, withScreenshot as photographed, openPage } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';
import { PATIENCE_MS } from '../helpers/patience';


let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let key: string;
let browser: Browser;
let page: Page;
let watched: ReturnType<typeof watchPage>;

beforeAll(async () => {
  anvil = await startAnvil();
  // The first contract the first dev account deploys: the address GraphiQL's subscription example names.
  tokens = await deployTokens(anvil);
  server = await startTestServer({ GRAPHIQL: 'on', CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 1 }]) });
  key = (await server.createProject()).accessKey;
  await sendAndWait(tokens.erc20.mint(devWallet(anvil, 0).address, 1_000n));
  await waitForIndexed(server.app, anvil);
  browser = await launchChromium();
  page = await openPage(browser);
  await page.setViewport({ width: 1400, height: 900 });
  const origin = new URL(server.url).origin.replace('localhost', '127.0.0.1');
  watched = watchPage(
    page,
    (url) => url.startsWith(origin) || url.startsWith(`blob:${origin}`) || url.startsWith('data:') || url.startsWith('ws://127.0.0.1'),
  );
});

const withScreenshot = (name: string, step: () => Promise<void>) => photographed(page, name, step);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await anvil?.stop();
});

/** One pointer click on the tab (puppeteer moves the mouse to the button's middle, presses and releases there). */
const openTab = async (name: string) => {
  await (await page.$(`.graphiql-tab-button[title="${name}"]`))!.click();
  // Only this one click: the tab must become active without a second (a loaded machine may take seconds to render).
  await page.waitForFunction((n) => document.querySelector('.graphiql-tab-active .graphiql-tab-button')?.getAttribute('title') === n, {}, name);
};

/** Replaces the Headers editor's text by typing, as a person would. */
const typeHeaders = async (json: string) => {
  const headersButton = (await page.$$('.graphiql-editor-tools button')).at(1)!;
  await headersButton.click();
  // The variables and headers editors share the panel; the headers one is the one shown now.
  let editor = null;
  for (const candidate of await page.$$('.graphiql-editor-tool .graphiql-editor')) {
    if (await candidate.evaluate((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().height > 0)) editor = candidate;
  }
  if (!editor) throw new Error('the Headers editor is not shown');
  await editor.click();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(json);
};

const responseText = () => page.$eval('.graphiql-response', (el) => el.textContent ?? '');

const waitForResponse = async (pred: (text: string) => boolean, what: string, waitMs = PATIENCE_MS) => {
  for (const started = Date.now(); Date.now() - started < waitMs; await new Promise((r) => setTimeout(r, 200))) {
    const text = await responseText();
    if (pred(text)) return text;
  }
  throw new Error(`GraphiQL did not show ${what} in ${waitMs} ms; it shows: ${(await responseText()).slice(0, 500)}`);
};

it('opens each preset tab with one pointer click on a first visit', () => withScreenshot('graphiql-tabs', async () => {
  // A fresh browser context: no GraphiQL state in storage, as a newcomer's first visit.
  const context = await browser.createBrowserContext();
  const fresh = await openPage(context);
  try {
    await fresh.setViewport({ width: 1400, height: 900 });
    await fresh.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
    await fresh.waitForSelector('.graphiql-execute-button');
    for (const name of ['History', 'LiveBalances', 'CreateCollection', 'WalletBalances']) {
      await (await fresh.$(`.graphiql-tab-button[title="${name}"]`))!.click();
      await fresh.waitForFunction((n) => document.querySelector('.graphiql-tab-active .graphiql-tab-button')?.getAttribute('title') === n, {}, name);
      expect(await fresh.$eval('.graphiql-query-editor', (el) => el.textContent ?? '')).toContain(name);
    }
  } finally {
    await context.close();
  }
}));

it('runs a preset query and a live subscription with the key typed in the Headers tab', () => withScreenshot('graphiql', async () => {
  await page.goto(`${server.url.replace('localhost', '127.0.0.1')}/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.graphiql-execute-button');

  await openTab('WalletBalances');
  await typeHeaders(`{"X-Access-Key": "${key}"}`);
  await page.click('.graphiql-execute-button');
  const balances = await waitForResponse((t) => t.includes('tokenBalances') && t.includes('ERC20'), 'the wallet balances');
  expect(balances).toContain('"balance"');

  await openTab('LiveBalances');
  await typeHeaders(`{"X-Access-Key": "${key}"}`);
  await page.click('.graphiql-execute-button');
  // The subscription listens from when its request reaches the server, which a loaded machine may take a while to do:
  // a mint before that is not announced, so mint again until the page shows one (each adds 4242 to the balance).
  const to = devWallet(anvil, 3).address.toLowerCase();
  let live: string | undefined;
  for (const started = Date.now(); !live && Date.now() - started < PATIENCE_MS; ) {
    await sendAndWait(tokens.erc20.mint(to, 4242n));
    live = await waitForResponse((t) => t.includes(to), 'the live balance update', 3_000).catch(() => undefined);
  }
  if (!live) throw new Error(`GraphiQL did not show a live balance update of ${to} in ${PATIENCE_MS} ms`);
  const shown = /"balance":\s*"(\d+)"/.exec(live);
  expect(shown).not.toBeNull();
  expect(BigInt(shown![1]) % 4242n).toBe(0n);
  expect(BigInt(shown![1])).toBeGreaterThan(0n);

  expect(watched.outside).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
}));
