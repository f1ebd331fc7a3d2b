// The console's webhooks page in a real headless Chromium, signed in with a project's bearer token: add a listener
// (its secret shown once, and it verifies what the receiver gets), see a mined transfer in the delivery log, pause and
// resume it, and replay from a block. The receiver is a local HTTP server; the token contract is deployed on anvil.
// A failed step leaves a screenshot in tests/output/.
import type http from 'node:http';
import type { Contract } from 'ethers';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { Webhook } from 'standardwebhooks';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { launchChromium, pageActions, watchPage, withScreenshot, openPage } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';
import { deployContract } from '../helpers/solidity';
import { startServer, type LocalServer } from '../integration/web/local-server';
import { PATIENCE_MS } from '../helpers/patience';

let anvil: Anvil;
let receiver: LocalServer;
let server: TestServer;
let browser: Browser;
let page: Page;
let watched: ReturnType<typeof watchPage>;
let token: Contract;
let bearerToken: string;
const posts: Array<{ body: string; headers: Record<string, string> }> = [];

beforeAll(async () => {
  anvil = await startAnvil();
  receiver = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(req.headers[h] ?? '')]));
      posts.push({ body: Buffer.concat(chunks).toString('utf8'), headers });
      res.writeHead(200).end('ok');
    });
  });
  server = await startTestServer({ CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`, WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` });
  ({ bearerToken } = await server.createProject('hooks'));
  token = await deployContract(devWallet(anvil, 0), 'TestERC20.sol', 'TestERC20', ['Gold', 'GLD', 18]);
  browser = await launchChromium();
  page = await openPage(browser);
  await page.setViewport({ width: 1366, height: 900 });
  watched = watchPage(page, (url) => url.startsWith(server.url) || url.startsWith('data:'));
  page.on('dialog', (d) => void d.accept());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-webhooks-${name}`, body, { fullPage: true });

const { fill, clickButton, waitForText } = pageActions(() => page);

let secret: string;
let minedBlock: number;

it('signs in as the project and adds a listener; the secret is shown once', () =>
  step('add', async () => {
    await page.goto(`${server.url}/console`, { waitUntil: 'networkidle0' });
    await fill('Token', bearerToken);
    await page.keyboard.press('Enter');
    await waitForText('Webhooks', 'nav');
    await page.goto(`${server.url}/console#/webhooks`, { waitUntil: 'networkidle0' });
    await waitForText('No listener on this chain yet');
    await fill('Receiver URL', `${receiver.origin}/hooks`);
    await fill('Listener name', 'gold');
    await fill('Contract addresses', await token.getAddress());
    await clickButton('Add listener');
    const shown = await page.waitForSelector('[data-testid=webhook-secret]');
    secret = (await shown!.evaluate((el) => el.textContent ?? '')).trim();
    expect(secret).toMatch(/^whsec_/);
    await waitForText('active', 'li[aria-label=gold]');
  }));

it('a transfer reaches the receiver, signed with that secret, and the delivery log shows it delivered', () =>
  step('deliveries', async () => {
    minedBlock = (await (await token.mint(devWallet(anvil, 1).address, 7n)).wait())!.blockNumber;
    await waitForPosts(1);
    const body = new Webhook(secret).verify(posts[0].body, posts[0].headers) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);

    await clickButton('Deliveries gold');
    // The log shows what was recorded when it opened: refresh it (a pointer click, like a user) until the delivery is in.
    const delivered = (id: string) => page.evaluate((i) => !!document.querySelector(`tr[data-webhook-id="${i}"]`)?.textContent?.includes('delivered'), id);
    const webhookId = posts[0].headers['webhook-id'] as string;
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && !(await delivered(webhookId)); ) {
      await new Promise((r) => setTimeout(r, 500));
      const refresh = await page.evaluateHandle(() => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim().startsWith('Refresh')) ?? null);
      const el = refresh.asElement() as ElementHandle<HTMLButtonElement> | null;
      if (el) await el.click();
    }
    expect(await delivered(webhookId)).toBe(true);
    const cells = await page.$eval(`tr[data-webhook-id="${posts[0].headers['webhook-id']}"]`, (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));
    expect(cells[3]).toBe('1'); // attempts
    expect(cells[4]).toMatch(/^\d+ ms$/); // latency
  }));

it('pauses and resumes the listener, and replays from the mined block', () =>
  step('pause-replay', async () => {
    await clickButton('Pause gold');
    await waitForText('gold is paused.', '[role=status]');
    await waitForText('paused', 'li[aria-label=gold] .badge');
    await clickButton('Resume gold');
    await waitForText('gold is active.', '[role=status]');

    const before = posts.length;
    await fill('Replay from block', String(minedBlock));
    await clickButton('Replay gold');
    await waitForText(`Replay from block ${minedBlock} queued`, '[role=status]');
    await waitForPosts(before + 1);
    const again = posts[posts.length - 1];
    expect(again.headers['webhook-id']).not.toBe(posts[0].headers['webhook-id']);
    expect(() => new Webhook(secret).verify(again.body, again.headers)).not.toThrow();
    expect(watched.outside).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
  }));

/** Waits until the receiver has had `n` posts. */
async function waitForPosts(n: number): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (posts.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(posts.length).toBeGreaterThanOrEqual(n);
}
