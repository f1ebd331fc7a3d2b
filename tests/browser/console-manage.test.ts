// The console's management pages in a real headless Chromium (Debian's, driven by puppeteer-core), clicked with the
// mouse as a person would (issue #33, finding 9): a key's limits and its daily use; project bearer tokens that expire
// and can be revoked; the contract page's logo, holders and supply; the collection form's image and properties;
// indexing rates; project rename and delete; the issued-key banner after a revoke; bookmarkable pages; a phone's
// width. One server and one browser for the file. A failed step leaves tests/output/console-manage-<name>.png.
import type { Browser, Page } from 'puppeteer-core';
import { devWallet } from '../helpers/anvil';
import { launchChromium, pageActions, watchPage, withScreenshot, openPage } from '../helpers/browser';
import { sendAndWait, waitForIndexed } from '../helpers/chain-fixtures';
import { ADMIN_TOKEN, startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';

let env: MetadataEnv;
let browser: Browser;
let page: Page;
let origin: string;
let watched: ReturnType<typeof watchPage>;

beforeAll(async () => {
  env = await startMetadataEnv();
  origin = env.server.url;
  browser = await launchChromium();
  page = await openPage(browser);
  await page.setViewport({ width: 1366, height: 900 });
  watched = watchPage(page, (url) => url.startsWith(origin) || url.startsWith('blob:') || url.startsWith('data:'));
  page.on('dialog', (d) => void d.accept());
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-manage-${name}`, body, { fullPage: true });

const { control, fill, clickButton, clickLink, waitForText, textOf, signIn: signInAt } = pageActions(() => page);
const signIn = (token: string) => signInAt(origin, token);

it('shows a key’s limits and its daily use, and sets its limits', () =>
  step('limits', async () => {
    // Requests with the project's key: they are its use today.
    for (let i = 0; i < 3; i++) await env.server.graphql('{ __typename }', {}, env.key());
    await signIn(env.project.bearerToken);
    await clickLink('Access keys');
    await waitForText('default', 'li.key');
    expect(await textOf('[data-testid=key-limits]')).toBe('Rate: server default · Quota: server default · Max query cost: server default');
    await clickButton('Usage default');
    await page.waitForSelector('[data-testid=key-usage-chart] .chart-plot[data-drawn] canvas');
    const served = await page.waitForFunction(() => Number(document.querySelector('[data-testid=month-requests]')?.textContent?.replace(/,/g, '')) || null);
    expect(await served.jsonValue()).toBeGreaterThanOrEqual(3);
    expect(await page.$$eval('[data-testid=key-usage-chart] table.chart-data tbody tr', (rows) => rows.length)).toBe(30);

    await clickButton('Edit default');
    await fill('Requests per second', '25');
    await fill('Requests per month', '100000');
    await clickButton('Save');
    await waitForText('Saved default.', '[role=status]');
    await page.waitForFunction(() => document.querySelector('[data-testid=key-limits]')?.textContent?.includes('25 req/s'));
    expect(await textOf('[data-testid=key-limits]')).toBe('Rate: 25 req/s · Quota: 100,000 req/month · Max query cost: server default');
    expect(await textOf('.usage p')).toMatch(/of 100,000 \(\d+%\)/);
    const keys = await env.server.graphql('{ accessKeys { requestsPerSecond requestsPerMonth maxQueryCost } }', {}, { Authorization: `Bearer ${env.project.bearerToken}` });
    expect(keys.body.data.accessKeys[0]).toEqual({ requestsPerSecond: 25, requestsPerMonth: 100000, maxQueryCost: null });
  }));

it('issues a bearer token that expires, and revokes it so the server refuses it', () =>
  step('tokens', async () => {
    await fill('Token label', 'deploy bot');
    await fill('Lifetime in days', '2');
    await clickButton('Issue token');
    const issued = (await (await page.waitForSelector('[data-testid=issued-token]'))!.evaluate((el) => el.textContent ?? '')).trim();
    expect((await env.server.graphql('{ viewer { projectId } }', {}, { Authorization: `Bearer ${issued}` })).body.data.viewer.projectId).toBe(env.project.projectId);
    const state = await page.waitForFunction(() => document.querySelector('li[aria-label="deploy bot"] [data-testid=token-state]')?.textContent ?? null);
    expect(await state.jsonValue()).toBe(`expires ${new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-US')}`);

    await clickButton('Revoke deploy bot');
    await waitForText('Revoked deploy bot.', '[role=status]');
    await page.waitForFunction(() => document.querySelector('li[aria-label="deploy bot"] [data-testid=token-state]')?.textContent?.startsWith('revoked'));
    // The banner no longer offers the dead token.
    expect(await page.$('[data-testid=issued-token]')).toBeNull();
    const refused = await env.server.graphql('{ viewer { projectId } }', {}, { Authorization: `Bearer ${issued}` });
    expect(refused.body.errors[0]).toMatchObject({ message: 'bearer token has been revoked', extensions: { code: 'UNAUTHORIZED' } });
  }));

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
let gold: string;

it('shows the contract’s logo, supply, holder count and largest holders', () =>
  step('contract', async () => {
    const erc20 = await env.deploy('TestERC20.sol', ['Gold', 'GLD', 18]);
    gold = erc20.address;
    const holders = [1, 2, 3].map((i) => devWallet(env.anvil, i).address);
    for (const [i, to] of holders.entries()) await sendAndWait(erc20.mint(to, BigInt(1000 * (i + 1))));
    await waitForIndexed(env.server.app, env.anvil);
    const added = await env.server.graphql(
      'mutation($c: String!, $a: String!, $o: ContractInfoOverrideInput!) { addContractInfoOverride(chainId: $c, contractAddress: $a, override: $o) { logoUri } }',
      { c: String(env.anvil.chainId), a: gold, o: { logoUri: PIXEL } },
      { Authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(added.body.errors).toBeUndefined();

    await signIn(ADMIN_TOKEN);
    await clickLink('Contracts');
    await fill('Chain id or name', String(env.anvil.chainId), 'form[aria-label="Open a contract"]');
    await fill('Contract address', gold, 'form[aria-label="Open a contract"]');
    await clickButton('Open contract');
    await page.waitForFunction(() => document.querySelector('[data-testid=contract-holders]')?.textContent === '3');
    expect(await textOf('[data-testid=contract-supply]')).toBe('6,000');
    expect(await page.$eval('[data-testid=contract-logo]', (img) => [(img as HTMLImageElement).src, (img as HTMLImageElement).naturalWidth, img.getAttribute('alt')])).toEqual([
      PIXEL,
      1,
      'Logo of Gold',
    ]);
    const rows = await page.$$eval('table.top-holders tbody tr', (trs) => trs.map((tr) => tr.textContent?.replace(/\s+/g, ' ').trim()));
    expect(rows).toEqual([`${holders[2].toLowerCase()}3,000`, `${holders[1].toLowerCase()}2,000`, `${holders[0].toLowerCase()}1,000`]);
  }));

let collectionId: number;

it('creates a collection with an image and properties, and edits them', () =>
  step('collection', async () => {
    await signIn(env.project.bearerToken);
    await clickLink('Collections');
    await fill('Collection name', 'Dunes');
    await fill('Image URL', PIXEL);
    await clickButton('Add property');
    await fill('Property 1', 'artist');
    await fill('Property value 1', 'Ana');
    await clickButton('Add property');
    await fill('Property 2', 'editions');
    await fill('Property value 2', '12');
    await clickButton('Create collection');
    await page.waitForFunction(() => /^#\/collections\/\d+$/.test(location.hash));
    collectionId = Number(await page.evaluate(() => location.hash.split('/')[2]));
    await page.waitForSelector('[data-testid=collection-image]');
    const created = (await env.server.graphql('query($id: Int!) { collection(collectionId: $id) { metadata { image properties } } }', { id: collectionId }, { Authorization: `Bearer ${env.project.bearerToken}` })).body.data.collection;
    expect(created.metadata).toEqual({ image: PIXEL, properties: { artist: 'Ana', editions: 12 } });

    // The details form shows them and saves a change.
    expect(await (await control('Property value 1')).evaluate((el) => el.value)).toBe('Ana');
    await fill('Property value 1', 'Ana Lima');
    await clickButton('Remove property 2');
    await clickButton('Save collection');
    await waitForText('Collection saved.', '[role=status]');
    const saved = (await env.server.graphql('query($id: Int!) { collection(collectionId: $id) { metadata { properties } } }', { id: collectionId }, { Authorization: `Bearer ${env.project.bearerToken}` })).body.data.collection;
    expect(saved.metadata.properties).toEqual({ artist: 'Ana Lima' });
  }));

it('shows indexing rates and endpoint counts that move while blocks are indexed', () =>
  step('indexing', async () => {
    await clickLink('Indexing');
    const id = env.anvil.chainId;
    const read = async () =>
      page.evaluate((c) => {
        const text = (k: string) => document.querySelector(`[data-testid=${k}-${c}]`)?.textContent ?? '';
        const cells = [...document.querySelectorAll('article.chain tbody tr td:last-child')].map((td) => td.textContent ?? '');
        return { events: Number(text('events').replace(/,/g, '')), rate: text('events-per-second'), served: Number(cells[0]?.split('/')[0]) };
      }, id);
    await page.waitForFunction((c) => Number(document.querySelector(`[data-testid=events-${c}]`)?.textContent?.replace(/,/g, '')) >= 3, {}, id);
    const before = await read();
    // New transfers in new blocks while the page polls (every 3 s): the counts and the rate follow.
    const erc20 = await env.deploy('TestERC20.sol', ['Sand', 'SND', 18]);
    for (let i = 0; i < 4; i++) await sendAndWait(erc20.mint(devWallet(env.anvil, 4).address, 5n));
    await page.waitForFunction((c, n) => Number(document.querySelector(`[data-testid=events-${c}]`)?.textContent?.replace(/,/g, '')) >= n + 4, {}, id, before.events);
    await page.waitForFunction((c) => /^[\d.,]+\/s$/.test(document.querySelector(`[data-testid=events-per-second-${c}]`)?.textContent ?? ''), {}, id);
    const after = await read();
    expect(after.served).toBeGreaterThan(before.served);
    expect(Number(after.rate.replace(/[,/s]/g, ''))).toBeGreaterThan(0);
  }));

it('renames and deletes a project; one with collections is refused until they are gone', () =>
  step('projects', async () => {
    const doomed = await env.server.createProject('Scratch');
    await signIn(ADMIN_TOKEN);
    await clickLink('Projects');
    await clickButton('Rename project Scratch');
    await fill('New name', 'Scratch pad');
    await clickButton('Save name');
    await waitForText('Renamed to Scratch pad.', '[role=status]');
    await waitForText('Scratch pad', 'tbody td');
    await clickButton('Delete project Scratch pad');
    await waitForText('Project Scratch pad deleted.', '[role=status]');
    await page.waitForFunction(() => ![...document.querySelectorAll('tbody td')].some((td) => td.textContent === 'Scratch pad'));
    const refused = await env.server.graphql('{ viewer { projectId } }', {}, { Authorization: `Bearer ${doomed.bearerToken}` });
    expect(refused.body.errors[0].extensions.code).toBe('PROJECT_NOT_FOUND');
    expect((await env.server.graphql('{ projects { id } }', {}, { Authorization: `Bearer ${ADMIN_TOKEN}` })).body.data.projects.map((p: { id: number }) => p.id)).not.toContain(doomed.projectId);

    // The metadata project holds the collection made above: deleting it is refused, saying why.
    await clickButton('Delete project metadata');
    await waitForText('still has 1 collection(s): delete them first', '[role=alert]');
  }));

it('drops the “copy it now” banner when the key it shows is revoked', () =>
  step('banner', async () => {
    await signIn(env.project.bearerToken);
    await clickLink('Access keys');
    await fill('Key name', 'temp');
    await clickButton('Create key');
    await waitForText('temp', 'li.key strong');
    const created = (await (await page.waitForSelector('[data-testid=issued-key]'))!.evaluate((el) => el.textContent ?? '')).trim();
    await clickButton('Rotate temp');
    const rotated = await page.waitForFunction((before) => {
      const shown = document.querySelector('[data-testid=issued-key]')?.textContent?.trim();
      return shown && shown !== before ? shown : null;
    }, {}, created);
    expect(String(await rotated.jsonValue())).toHaveLength(created.length);
    await clickButton('Revoke temp');
    await page.waitForFunction(() => ![...document.querySelectorAll('li.key strong')].some((s) => s.textContent === 'temp'));
    expect(await page.$('[data-testid=issued-key]')).toBeNull();
  }));

it('gives every page a URL that a reload (or a bookmark) lands on again, the contract page included', () =>
  step('urls', async () => {
    await signIn(ADMIN_TOKEN);
    await clickButton('Open project metadata');
    await page.waitForFunction(() => location.hash === '#/collections');
    await clickLink('Contracts');
    await fill('Chain id or name', String(env.anvil.chainId), 'form[aria-label="Open a contract"]');
    await fill('Contract address', gold, 'form[aria-label="Open a contract"]');
    await clickButton('Open contract');
    await page.waitForFunction((a) => location.hash.endsWith(`/${a}`), {}, gold);
    expect(await page.evaluate(() => location.hash)).toBe(`#/contracts/${env.anvil.chainId}/${gold}`);
    const pages: [string, string, string][] = [
      [`#/contracts/${env.anvil.chainId}/${gold}`, 'form[aria-label^="Flags of"] h3', 'Gold'],
      ['#/projects', 'main h2', 'Projects'],
      ['#/chains', 'main h2', 'Indexing'],
      [`#/collections/${collectionId}`, 'main h2', 'Dunes'],
      ['#/keys', 'main h2', 'Access keys'],
    ];
    for (const [hash, selector, expected] of pages) {
      await page.goto(`${origin}/console${hash}`, { waitUntil: 'networkidle0' });
      await page.reload({ waitUntil: 'networkidle0' });
      expect(await page.evaluate(() => location.hash)).toBe(hash);
      await waitForText(expected, selector);
    }
  }));

it('fits a 390 px phone without sideways scrolling on every page, the token page included', () =>
  step('phone', async () => {
    const made = await env.server.graphql(
      'mutation($c: Int!, $t: TokenMetadataInput!) { createCollectionToken(collectionId: $c, token: $t) { tokenId } }',
      { c: collectionId, t: { tokenId: '115792089237316195423570985008687907853269984665640564039457584007913129639935', name: 'A token with the longest id there is', attributes: [{ trait_type: 'Background', value: 'a rather long value that people paste in' }] } },
      { Authorization: `Bearer ${env.project.bearerToken}` },
    );
    expect(made.body.errors).toBeUndefined();
    const tokenId = made.body.data.createCollectionToken.tokenId;
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    for (const hash of [
      '#/projects',
      '#/keys',
      '#/collections',
      `#/collections/${collectionId}`,
      `#/collections/${collectionId}/tokens/${tokenId}`,
      `#/contracts/${env.anvil.chainId}/${gold}`,
      '#/chains',
    ]) {
      await page.goto(`${origin}/console${hash}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('main h2');
      if (hash === '#/keys') await clickButton('Usage default');
      // The page itself never scrolls sideways; wide tables scroll inside their own box.
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, body: document.body.scrollWidth, screen: window.innerWidth }));
      expect({ hash, ...widths }).toEqual({ hash, page: 390, body: 390, screen: 390 });
    }
  }));
