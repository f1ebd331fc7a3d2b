// GraphiQL in a real headless Chromium (Debian's, driven by puppeteer-core), as a newcomer uses it: run a preset query,
// start the live balanceUpdates subscription with the access key in the Headers tab, mine a transfer and see it
// arrive. The page must load nothing from outside the server and log no console error. A failed run leaves a
// screenshot in tests/output/.
import type { Browser, Page } from 'puppeteer-core';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../helpers/chain-fixtures';
import { launchChromium, watchPage, withScreenshot as photographed } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';


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
  page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const origin = new URL(server.url).origin.replace('localhost', '127.0.0.1');
  watched = watchPage(
    page,
    (url) => url.startsWith(origin) || url.startsWith(`blob:${origin}`) || url.startsWith('data:') || url.startsWith('ws://127.0.0.1'),
  );
});

const withScreenshot = (name: string, step: () => Promise<void>) => photographed(page, name, step);
// The page carries GraphiQL's 9 MB bundle: on a loaded CI machine one load alone has taken ~50 s.
const PAGE_LOAD_TIMEOUT_MS = 180_000;

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await anvil?.stop();
});

/** One pointer click on the tab (puppeteer moves the mouse to the button's middle, presses and releases there). */
const openTab = async (name: string) => {
  await (await page.$(`.graphiql-tab-button[title="${name}"]`))!.click();
  // Only this one click: the tab must become active without a second (a loaded machine may take seconds to render).
  await page.waitForFunction((n) => document.querySelector('.graphiql-tab-active .graphiql-tab-button')?.getAttribute('title') === n, { timeout: 15_000 }, name);
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

const waitForResponse = async (pred: (text: string) => boolean, what: string) => {
  for (let i = 0; i < 150; i++) {
    const text = await responseText();
    if (pred(text)) return text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`GraphiQL never showed ${what}; it shows: ${(await responseText()).slice(0, 500)}`);
};

it('opens each preset tab with one pointer click on a first visit', () => withScreenshot('graphiql-tabs', async () => {
  // A fresh browser context: no GraphiQL state in storage, as a newcomer's first visit.
  const context = await browser.createBrowserContext();
  const fresh = await context.newPage();
  try {
    await fresh.setViewport({ width: 1400, height: 900 });
    await fresh.goto(`${server.url}/`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await fresh.waitForSelector('.graphiql-execute-button');
    for (const name of ['History', 'LiveBalances', 'CreateCollection', 'WalletBalances']) {
      await (await fresh.$(`.graphiql-tab-button[title="${name}"]`))!.click();
      await fresh.waitForFunction((n) => document.querySelector('.graphiql-tab-active .graphiql-tab-button')?.getAttribute('title') === n, { timeout: 15_000 }, name);
      expect(await fresh.$eval('.graphiql-query-editor', (el) => el.textContent ?? '')).toContain(name);
    }
  } finally {
    await context.close();
  }
}), PAGE_LOAD_TIMEOUT_MS);

it('runs a preset query and a live subscription with the key typed in the Headers tab', () => withScreenshot('graphiql', async () => {
  await page.goto(`${server.url.replace('localhost', '127.0.0.1')}/`, { waitUntil: 'networkidle0', timeout: 120_000 });
  await page.waitForSelector('.graphiql-execute-button');

  await openTab('WalletBalances');
  await typeHeaders(`{"X-Access-Key": "${key}"}`);
  await page.click('.graphiql-execute-button');
  const balances = await waitForResponse((t) => t.includes('tokenBalances') && t.includes('ERC20'), 'the wallet balances');
  expect(balances).toContain('"balance"');

  await openTab('LiveBalances');
  await typeHeaders(`{"X-Access-Key": "${key}"}`);
  await page.click('.graphiql-execute-button');
  await new Promise((r) => setTimeout(r, 1_000));
  const to = devWallet(anvil, 3).address.toLowerCase();
  await sendAndWait(tokens.erc20.mint(to, 4242n));
  const live = await waitForResponse((t) => t.includes(to), 'the live balance update');
  expect(live).toContain('4242');

  expect(watched.outside).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
}), PAGE_LOAD_TIMEOUT_MS);
