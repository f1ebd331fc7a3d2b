// The console's metadata tools in a real headless Chromium, signed in as the operator: refresh a contract's info and
// a token's metadata and watch the task go from queued to done (or failed, with the worker's reason); override a
// contract's info and remove the override (a project's session is not offered it); and narrow a contract's tokens by
// trait. Documents come from a local HTTP server; the contract is deployed on anvil. A failed step leaves a
// screenshot in tests/output/.
import type http from 'node:http';
import { SequenceMetadata } from '@0xsequence/metadata';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium, pageActions, watchPage, withScreenshot, openPage } from '../helpers/browser';
import { ADMIN_TOKEN, startMetadataEnv, waitFor, type MetadataEnv } from '../integration/metadata/fixtures';
import { json, startServer, type LocalServer } from '../integration/web/local-server';

const COLORS = ['Red', 'Blue', 'Red', 'Green'];
const HATS = ['Cap', 'Cap', 'Crown', 'Crown'];

let host: LocalServer;
let env: MetadataEnv;
let browser: Browser;
let page: Page;
let origin: string;
let watched: ReturnType<typeof watchPage>;
let chainId: string;
let nftAddress: string;

beforeAll(async () => {
  // /cats/<n>: token n's document with its color and hat; /gone/<n>.json answers 410, a failed fetch.
  host = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const cat = /^\/cats\/(\d+)$/.exec(req.url ?? '');
    if (!cat) return json(res, { error: 'gone' }, 410);
    const i = Number(cat[1]) - 1;
    return json(res, { name: `Cat ${cat[1]}`, attributes: [{ trait_type: 'color', value: COLORS[i] }, { trait_type: 'hat', value: HATS[i] }] });
  });
  env = await startMetadataEnv({ METADATA_ALLOW_HOSTS: `127.0.0.1:${host.port}`, METADATA_TASK_POLL_MS: '50' });
  origin = env.server.url;
  chainId = String(env.anvil.chainId);

  const nft = await env.deploy('TestERC721.sol', ['Night cats', 'CAT']);
  nftAddress = nft.address;
  for (let id = 1; id <= 5; id++) await (await nft.mint('0x00000000000000000000000000000000000000a1', id)).wait();
  await (await nft.setBaseURI(`${host.origin}/cats/`)).wait();
  // Token 5 points at a document the host refuses: its refresh fails.
  await (await nft.setTokenURI(5, `${host.origin}/gone/5.json`)).wait();
  // The four cats' documents are stored (and their traits indexed) before the console reads them.
  const client = new SequenceMetadata(origin, env.accessKey);
  await waitFor(
    () => client.getTokenMetadata({ chainID: chainId, contractAddress: nftAddress, tokenIDs: ['1', '2', '3', '4'] }),
    (r) => r.tokenMetadata.every((t) => t.name.startsWith('Cat ')),
    20_000,
  );

  browser = await launchChromium();
  page = await openPage(browser);
  await page.setViewport({ width: 1366, height: 900 });
  watched = watchPage(page, (url) => url.startsWith(origin) || url.startsWith('data:'));
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
  await host?.close();
});

const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-metadata-${name}`, body, { fullPage: true });

const { control, fill, clickButton, waitForText, signIn: signInAt } = pageActions(() => page);
const signIn = (token: string) => signInAt(origin, token);

const openContract = async () => {
  await page.goto(`${origin}/console#/contracts`, { waitUntil: 'networkidle0' });
  await fill('Chain id or name', chainId, 'form[aria-label="Open a contract"]');
  await fill('Contract address', nftAddress, 'form[aria-label="Open a contract"]');
  await clickButton('Open contract');
  await waitForText('Refresh metadata', 'h3');
};

/** Records every text the task status line shows from now on, so the test sees the steps it went through. */
const recordStatuses = () =>
  page.evaluate(() => {
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    const note = () => {
      const text = document.querySelector('[data-testid=task-status]')?.textContent?.trim();
      if (text && w.statuses[w.statuses.length - 1] !== text) w.statuses.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
/** The state a status line names: `… task #12 running` → `running`. */
const stateOf = (line: string) => /task #\d+ (\w+)/.exec(line)?.[1];
/** The states seen only move forward: queued, then running (when a poll caught it), then done or failed. */
const inOrder = (states: (string | undefined)[]) => {
  const rank = states.map((s) => ['queued', 'running', 'done', 'failed'].indexOf(s ?? ''));
  return rank.every((r, i) => r >= 0 && (i === 0 || r >= rank[i - 1])) && rank.filter((r) => r >= 2).length === 1;
};
/** Waits until the status line speaks of `what` and names the state (the previous task's line may still show). */
const waitForTask = (what: string, state: string) =>
  page.waitForFunction(
    (w, st) => {
      const text = document.querySelector('[data-testid=task-status]')?.textContent ?? '';
      return text.startsWith(`${w}: task #`) && text.includes(` ${st}`);
    },
    {},
    what,
    state,
  );
const statuses = () => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);

it('refreshes the contract info and a token, showing each task from queued (or running) to done, and a failed one with its reason', () =>
  step('refresh', async () => {
    await signIn(ADMIN_TOKEN);
    await waitForText('Operator', 'header');
    await openContract();

    await recordStatuses();
    await clickButton('Refresh contract info');
    await waitForTask('Contract info', 'done');
    const contractSteps = await statuses();
    expect({ contractSteps, inOrder: inOrder(contractSteps.map(stateOf)) }).toEqual({ contractSteps, inOrder: true });
    // A worker may claim the task before the mutation reads it back: then the first state shown is running.
    expect(contractSteps[0]).toMatch(/^Contract info: task #\d+ (queued|running)$/);
    expect(contractSteps[contractSteps.length - 1]).toMatch(/^Contract info: task #\d+ done/);

    await recordStatuses();
    await fill('Token id to refresh', '2');
    await clickButton('Refresh token metadata');
    await waitForTask('Token #2 metadata', 'done');
    const tokenSteps = await statuses();
    expect({ tokenSteps, inOrder: inOrder(tokenSteps.map(stateOf)) }).toEqual({ tokenSteps, inOrder: true });
    expect(tokenSteps[0]).toMatch(/^Token #2 metadata: task #\d+ (queued|running)$/);
    expect(tokenSteps[tokenSteps.length - 1]).toMatch(/^Token #2 metadata: task #\d+ done \(2: AVAILABLE\)$/);
    const id = Number(/task #(\d+)/.exec(tokenSteps[0])![1]);
    const task = await env.server.graphql(`query($id: Int!) { metadataTask(id: $id) { status payload } }`, { id }, env.key());
    expect(task.body.data.metadataTask.status).toBe('DONE');

    await fill('Token id to refresh', '5');
    await clickButton('Refresh token metadata');
    await waitForTask('Token #5 metadata', 'failed');
    const failed = await page.$eval('[data-testid=task-status]', (el) => el.textContent ?? '');
    expect(failed).toMatch(/^Token #5 metadata: task #\d+ failed — 1 of 1 failed; .*First: 5: /);
    expect(await page.$eval('[data-testid=task-status]', (el) => el.classList.contains('error'))).toBe(true);
  }));

it('lets the operator override the contract’s info and remove the override; a project session is not offered it', () =>
  step('override', async () => {
    await openContract();
    await waitForText('Not overridden', 'form[aria-labelledby=override-title]');
    await fill('Override name', 'Moon cats');
    await fill('Override description', 'Cats seen at night');
    await clickButton('Add override');
    await waitForText('Override added.', '[role=status]');
    // The contract's info is read again: the flags form names it by the override.
    await waitForText('Moon cats', 'h3');
    const read = () => env.server.graphql(`query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { name } }`, { c: chainId, a: nftAddress }, env.key());
    expect((await read()).body.data.contractInfo.name).toBe('Moon cats');

    await fill('Override name', 'Sun cats');
    await clickButton('Save override');
    await waitForText('Override saved.', '[role=status]');
    expect((await read()).body.data.contractInfo.name).toBe('Sun cats');

    await clickButton('Remove override');
    await waitForText('Override removed', '[role=status]');
    await waitForText('Night cats', 'h3');
    expect((await read()).body.data.contractInfo.name).toBe('Night cats');

    await signIn(env.project.bearerToken);
    await waitForText('Project', 'header .who');
    await openContract();
    expect(await page.$('#override-title')).toBeNull();
    expect(await page.$$eval('label', (ls) => ls.map((l) => l.textContent).filter((t) => t?.startsWith('Override')))).toEqual([]);
  }));

it('lists the contract’s traits and narrows its tokens by the values chosen', () =>
  step('traits', async () => {
    await signIn(ADMIN_TOKEN);
    await openContract();
    await waitForText('color', 'section.traits legend');
    const legends = await page.$$eval('section.traits legend', (ls) => ls.map((l) => l.textContent?.trim()));
    expect(legends).toEqual(expect.arrayContaining([expect.stringMatching(/^color/), expect.stringMatching(/^hat/)]));
    await waitForText('4 tokens match', '[data-testid=trait-count]');
    const shown = () => page.$$eval('[data-testid=trait-tokens] li', (ls) => ls.map((l) => l.textContent?.trim()));

    await (await control('Red', 'section.traits')).click();
    await waitForText('2 tokens match', '[data-testid=trait-count]');
    expect(await shown()).toEqual(['#1 Cat 1', '#3 Cat 3']);

    // Two values of one trait widen (any of them); another trait narrows (all of them).
    await (await control('Green', 'section.traits')).click();
    await waitForText('3 tokens match', '[data-testid=trait-count]');
    expect(await shown()).toEqual(['#1 Cat 1', '#3 Cat 3', '#4 Cat 4']);
    await (await control('Crown', 'section.traits')).click();
    await waitForText('2 tokens match', '[data-testid=trait-count]');
    expect(await shown()).toEqual(['#3 Cat 3', '#4 Cat 4']);

    await (await control('Red', 'section.traits')).click();
    await waitForText('1 token matches', '[data-testid=trait-count]');
    expect(await shown()).toEqual(['#4 Cat 4']);
    await (await control('Green', 'section.traits')).click();
    await waitForText('2 tokens match', '[data-testid=trait-count]');
    expect(await shown()).toEqual(['#3 Cat 3', '#4 Cat 4']);
    await (await control('Crown', 'section.traits')).click();
    await waitForText('4 tokens match', '[data-testid=trait-count]');
  }));

it('fits the contract page with its new panels on a phone screen, every control labelled', () =>
  step('phone', async () => {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await openContract();
    await waitForText('color', 'section.traits legend');
    await page.waitForSelector('#override-title');
    const unlabelled = await page.$$eval('input, select, textarea', (els) =>
      els.filter((el) => !(el as HTMLInputElement).labels?.length && !el.getAttribute('aria-label')).map((el) => el.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => {
          for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX === 'auto') return false;
          return getComputedStyle(el).overflowX !== 'auto';
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    expect(sticking).toEqual([]);
  }));

it('loaded nothing from elsewhere and logged no error', () => {
  expect(watched.outside).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
});
