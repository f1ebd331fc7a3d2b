// The console's charts in a real headless Chromium (issue #45 item 4), each read against the records it draws: a
// project's requests and refusals per day (real requests with its keys, some refused for a quota, one key revoked)
// against access_key_usage_days and projectUsage, and one key's against accessKeyUsage; a chain's pace and lag over
// time (real ingestion on anvil, sampled every second) against chain_pace_samples; a listener's deliveries and latency
// per hour (real deliveries to a local receiver that answers slowly, and one that refuses) against webhook_deliveries.
// Each chart is read twice: the points uPlot drew (data-drawn) and the table screen readers read. The page loads
// nothing from elsewhere and logs no error. A failed step leaves tests/output/console-charts-<name>.png.
import type { Contract } from 'ethers';
import type { Browser, Page } from 'puppeteer-core';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { launchChromium, openPage, pageActions, screenshot, watchPage, withScreenshot } from '../helpers/browser';
import { sendAndWait, waitForIndexed } from '../helpers/chain-fixtures';
import { PATIENCE_MS } from '../helpers/patience';
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import { deployContract } from '../helpers/solidity';
import { startReceiver, type Receiver } from '../integration/webhooks/receiver';
import { AccessKeyUsageDayEntity, ChainPaceSampleEntity, WebhookDeliveryEntity } from '../../src/db';

let anvil: Anvil;
let receiver: Receiver;
let server: TestServer;
let project: { projectId: number; accessKey: string; bearerToken: string };
let token: Contract;
let browser: Browser;
let page: Page;
let watched: ReturnType<typeof watchPage>;

beforeAll(async () => {
  anvil = await startAnvil();
  receiver = await startReceiver();
  server = await startTestServer({
    CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`,
    WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    // A refused delivery waits a minute before its next attempt: it stays "waiting" while the test reads it.
    WEBHOOK_RETRY_BASE_MS: '60000',
    CHAIN_PACE_SAMPLE_SECONDS: '1',
  });
  project = await server.createProject('charts');
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

const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-charts-${name}`, body, { fullPage: true });
const { clickButton, clickLink, signIn } = pageActions(() => page);

const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await server.graphql(query, variables, bearer(project.bearerToken));
  if (r.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
};

type Read = {
  /** What uPlot drew: x (Unix seconds), then one array per series. */
  drawn: Array<Array<number | null>>;
  series: string[];
  /** The table: each row's x and its cells' raw values ('' for none), in column order. */
  headers: string[];
  rows: Array<{ x: number; values: string[] }>;
  /** Canvas pixels that are not blank: the chart painted something. */
  painted: number;
};

/**
 * Waits until the chart `testId` has drawn (and, with `ready`, until at least `rows` rows of its table have column
 * `column` at `atLeast` or more), then reads it.
 */
const readChart = async (testId: string, ready?: { column: number; atLeast: number; rows: number }): Promise<Read> => {
  await page.waitForFunction(
    (id, want) => {
      const fig = document.querySelector(`[data-testid="${id}"]`);
      if (!(fig?.querySelector('.chart-plot') as HTMLElement | null)?.dataset.drawn) return false;
      if (!want) return true;
      const cells = [...fig!.querySelectorAll('table.chart-data tbody tr')].map((tr) => tr.querySelectorAll('td')[want.column]?.getAttribute('data-value'));
      return cells.filter((v) => v && Number(v) >= want.atLeast).length >= want.rows;
    },
    {},
    testId,
    ready ?? null,
  );
  return page.$eval(`[data-testid="${testId}"]`, (fig) => {
    const plot = fig.querySelector('.chart-plot') as HTMLElement;
    const canvas = fig.querySelector('canvas')!;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++;
    return {
      drawn: JSON.parse(plot.dataset.drawn!),
      series: JSON.parse(plot.dataset.series!),
      headers: [...fig.querySelectorAll('table.chart-data thead th')].map((th) => th.textContent ?? ''),
      rows: [...fig.querySelectorAll('table.chart-data tbody tr')].map((tr) => ({ x: Number(tr.getAttribute('data-x')), values: [...tr.querySelectorAll('td')].map((td) => td.getAttribute('data-value') ?? '') })),
      painted,
    };
  });
};

/** The table's column `label` as numbers (null for an empty cell). */
const column = (read: Read, label: string) => {
  const i = read.headers.indexOf(label) - 1;
  if (i < 0) throw new Error(`no column ${label} in ${read.headers.join(', ')}`);
  return read.rows.map((r) => (r.values[i] === '' ? null : Number(r.values[i])));
};

/** The table says what was drawn: the same x, and each drawn series in the column of its name. */
const expectTableMatchesDrawing = (read: Read) => {
  expect(read.rows.map((r) => r.x)).toEqual(read.drawn[0]);
  read.series.forEach((label, i) => expect(column(read, label)).toEqual(read.drawn[i + 1]));
  expect(read.painted).toBeGreaterThan(0);
};

const DAY = 86_400;
const utcDay = (seconds: number) => Math.floor(seconds / DAY);

it('draws the project’s requests and refusals per day as its keys recorded them', () =>
  step('usage', async () => {
    const [first] = (await gql('{ accessKeys { id } }')).accessKeys as Array<{ id: number }>;
    await gql('mutation($id: Int!) { updateAccessKey(id: $id, input: { requestsPerMonth: 4 }) { id } }', { id: first.id });
    const second = (await gql('mutation { createAccessKey(input: { name: "second" }) { key accessKey { id } } }')).createAccessKey;
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 6; i++) codes.push((await server.graphql('{ __typename }', {}, { 'X-Access-Key': project.accessKey })).body.errors?.[0]?.extensions?.code);
    for (let i = 0; i < 3; i++) expect((await server.graphql('{ __typename }', {}, { 'X-Access-Key': second.key })).status).toBe(200);
    expect(codes.filter((c) => c === 'QUOTA_EXCEEDED')).toHaveLength(2);
    // A revoked key's days still count for the project.
    await gql('mutation($id: Int!) { revokeAccessKey(id: $id) }', { id: second.accessKey.id });

    await signIn(server.url, project.bearerToken);
    await clickLink('Access keys');
    const chart = await readChart('project-usage-chart');
    expect(chart.series).toEqual(['Served', 'Refused']);
    expect(chart.headers).toEqual(['Day (UTC)', 'Served', 'Refused']);
    expectTableMatchesDrawing(chart);
    const [days, served, refused] = chart.drawn as [number[], number[], number[]];
    expect(days).toHaveLength(30);

    // Against the records: the project's rows of access_key_usage_days (both keys), day by day, and projectUsage.
    const records = await server.app.db.getRepository(AccessKeyUsageDayEntity).findBy({ projectId: project.projectId });
    const byDay = (day: number) => records.filter((r) => r.day === day);
    expect(served).toEqual(days.map((d) => byDay(utcDay(d)).reduce((n, r) => n + r.requests, 0)));
    expect(refused).toEqual(days.map((d) => byDay(utcDay(d)).reduce((n, r) => n + r.refused, 0)));
    expect(served.at(-1)).toBe(7);
    expect(refused.at(-1)).toBe(2);
    const api = (await gql('{ projectUsage { day requests refused } }')).projectUsage as Array<{ day: string; requests: number; refused: number }>;
    expect(api.map((d) => [Date.parse(`${d.day}T00:00:00Z`) / 1000, d.requests, d.refused])).toEqual(days.map((d, i) => [d, served[i], refused[i]]));
    expect(await page.$eval('[data-testid=project-served]', (el) => el.textContent)).toBe('7');
    expect(await page.$eval('[data-testid=project-refused]', (el) => el.textContent)).toBe('2');

    // One key's chart: its own rows only.
    await clickButton('Usage default');
    const own = await readChart('key-usage-chart');
    expectTableMatchesDrawing(own);
    const mine = records.filter((r) => r.accessKeyId === first.id);
    expect(own.drawn[1]).toEqual((own.drawn[0] as number[]).map((d) => mine.find((r) => r.day === utcDay(d))?.requests ?? 0));
    expect(own.drawn[2]).toEqual((own.drawn[0] as number[]).map((d) => mine.find((r) => r.day === utcDay(d))?.refused ?? 0));
    expect(own.drawn[1]!.at(-1)).toBe(4);
    await screenshot(page, 'console-charts-usage-view', { fullPage: true });
  }));

it('draws each chain’s lag and pace over time as the sampler recorded them', () =>
  step('pace', async () => {
    for (let i = 0; i < 4; i++) await sendAndWait(token.mint(devWallet(anvil, 1).address, 10n));
    const head = await waitForIndexed(server.app, anvil);
    await clickLink('Indexing');
    // The chart reads the samples again every 15 s: wait for one taken at the head, and one second after it.
    const chart = await readChart(`chain-pace-${anvil.chainId}`, { column: 3, atLeast: head, rows: 2 });
    expect(chart.series).toEqual(['Blocks behind', 'Blocks per second', 'Events per second']);
    expect(chart.headers).toEqual(['Sampled', 'Blocks behind', 'Blocks per second', 'Events per second', 'Indexed block', 'Head', 'Events']);
    expectTableMatchesDrawing(chart);

    // Against the records: every sample up to the last drawn, in order, each point its row's figures.
    const times = chart.drawn[0] as number[];
    const rows = (await server.app.db.getRepository(ChainPaceSampleEntity).find({ where: { chainId: anvil.chainId }, order: { sampledMs: 'ASC' } })).filter(
      (r) => r.sampledMs <= times.at(-1)! * 1000,
    );
    expect(times).toEqual(rows.map((r) => r.sampledMs / 1000));
    expect(chart.drawn[1]).toEqual(rows.map((r) => Math.max(0, r.headBlock - r.indexedBlock)));
    expect(column(chart, 'Indexed block')).toEqual(rows.map((r) => r.indexedBlock));
    expect(column(chart, 'Head')).toEqual(rows.map((r) => r.headBlock));
    expect(column(chart, 'Events')).toEqual(rows.map((r) => r.eventsIndexed));
    const perSecond = (pick: (r: (typeof rows)[number]) => number) =>
      rows.map((r, i) => (i === 0 ? null : Math.max(0, pick(r) - pick(rows[i - 1])) / ((r.sampledMs - rows[i - 1].sampledMs) / 1000)));
    const close = (got: Array<number | null>, want: Array<number | null>) => got.forEach((v, i) => (want[i] === null ? expect(v).toBeNull() : expect(v).toBeCloseTo(want[i]!, 9)));
    close(chart.drawn[2], perSecond((r) => r.indexedBlock));
    close(chart.drawn[3], perSecond((r) => r.eventsIndexed));
    // The mints moved the chain while it was sampled: some point shows blocks and events committed.
    expect(rows.at(-1)!.eventsIndexed).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'console-charts-pace-view', { fullPage: true });
  }));

it('draws each listener’s deliveries and latency per hour as the delivery log recorded them', () =>
  step('deliveries', async () => {
    const address = await token.getAddress();
    receiver.setBehaviour('/slow', () => ({ status: 200, delayMs: 150 }));
    receiver.setBehaviour('/refusing', () => ({ status: 503 }));
    const add = async (path: string, name: string) =>
      (await gql('mutation($input: WebhookListenerInput!) { addWebhookListener(input: $input) { listener { id } } }', { input: { url: receiver.url(path), name, filters: { contractAddresses: [address] } } }))
        .addWebhookListener.listener.id as number;
    const slow = await add('/slow', 'slow');
    const refusing = await add('/refusing', 'refusing');
    let last = 0;
    for (let i = 0; i < 3; i++) last = ((await sendAndWait(token.mint(devWallet(anvil, 2).address, 5n))) as { blockNumber: number }).blockNumber;
    const deliveries = server.app.db.getRepository(WebhookDeliveryEntity);
    await waitFor('the slow listener to have every mint delivered', async () => {
      const rows = await deliveries.findBy({ listenerId: slow });
      return rows.some((r) => r.lastBlock >= last) && rows.every((r) => r.status === 'delivered');
    });
    await waitFor('the refusing listener to have a failed attempt', async () => (await deliveries.findBy({ listenerId: refusing })).some((r) => r.status === 'retrying'));

    await clickLink('Webhooks');
    await clickButton('Deliveries slow');
    const chart = await readChart(`delivery-hours-${slow}`);
    expect(chart.series).toEqual(['Delivered', 'Waiting or given up', 'Mean latency', 'Longest latency']);
    expectTableMatchesDrawing(chart);
    const hours = chart.drawn[0] as number[];
    expect(hours).toHaveLength(24);
    expect(hours.every((h, i) => h % 3600 === 0 && (i === 0 || h - hours[i - 1] === 3600))).toBe(true);

    // Against the records: the listener's rows of webhook_deliveries, by the hour they were recorded in.
    const inHour = async (listenerId: number, h: number) =>
      (await deliveries.findBy({ listenerId })).filter((r) => r.createdAt.getTime() >= h * 1000 && r.createdAt.getTime() < (h + 3600) * 1000);
    const expected = await Promise.all(
      hours.map(async (h) => {
        const rows = await inHour(slow, h);
        const latencies = rows.filter((r) => r.status === 'delivered').map((r) => r.latencyMs!);
        return [
          latencies.length,
          rows.length - latencies.length,
          latencies.length ? Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length) : null,
          latencies.length ? Math.max(...latencies) : null,
        ];
      }),
    );
    expect(hours.map((_, i) => chart.drawn.slice(1).map((s) => s[i]))).toEqual(expected);
    expect(expected.reduce((n, e) => n + (e[0] as number), 0)).toBeGreaterThanOrEqual(1);
    // The receiver took 150 ms to answer each.
    expect(Math.min(...(expected.filter((e) => e[3] !== null).map((e) => e[3]) as number[]))).toBeGreaterThanOrEqual(150);
    const api = (await gql('query($id: Int!) { webhookDeliveryHours(listenerId: $id) { start delivered } }', { id: slow })).webhookDeliveryHours as Array<{ start: string; delivered: number }>;
    expect(api.map((h) => Date.parse(h.start) / 1000)).toEqual(hours);

    await clickButton('Deliveries refusing');
    const refused = await readChart(`delivery-hours-${refusing}`);
    expectTableMatchesDrawing(refused);
    const waiting = await Promise.all((refused.drawn[0] as number[]).map(async (h) => (await inHour(refusing, h)).filter((r) => r.status !== 'delivered').length));
    expect(refused.drawn[1]).toEqual((refused.drawn[0] as number[]).map(() => 0));
    expect(refused.drawn[2]).toEqual(waiting);
    expect(waiting.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(refused.drawn[3]).toEqual((refused.drawn[0] as number[]).map(() => null));
    await screenshot(page, 'console-charts-deliveries-view', { fullPage: true });

    expect(watched.outside).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
  }));

/** Polls `done` until it holds, within the tests' patience. */
async function waitFor(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
