// The console's media view in a real headless Chromium, signed in as the operator: a token page
// (#/contracts/<chain>/<address>/tokens/<id>) shows the thumbnail Strata serves — the image decoded at its stated size
// — and the page loads nothing from anywhere but Strata (every request is counted, the origin's image host included);
// a failed fetch says why, on the token and in the contract's failures. Images are made with sharp and served by a local
// host; the contract is deployed on anvil. A failed step leaves a screenshot in tests/output/.
import type http from 'node:http';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium, openPage, pageActions, watchPage, withScreenshot } from '../helpers/browser';
import { dataJson, png } from '../helpers/media-files';
import { ADMIN_TOKEN, gql, startMetadataEnv, waitFor, type MetadataEnv } from '../integration/metadata/fixtures';
import { startServer, type LocalServer } from '../integration/web/local-server';

let host: LocalServer;
let env: MetadataEnv;
let browser: Browser;
let page: Page;
let origin: string;
let watched: ReturnType<typeof watchPage>;
let chainId: string;
let nftAddress: string;

beforeAll(async () => {
  const image = await png(900, 600, 200);
  // /cat.png an image; anything else 410 (a failed fetch).
  host = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/cat.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length });
      return res.end(image);
    }
    res.writeHead(410);
    res.end('gone');
  });
  env = await startMetadataEnv({ METADATA_ALLOW_HOSTS: `127.0.0.1:${host.port}`, MEDIA_CACHE: 'on', MEDIA_POLL_MS: '50' });
  origin = env.server.url;
  chainId = String(env.anvil.chainId);
  const nft = await env.deploy('TestERC721.sol', ['Media cats', 'MCAT']);
  nftAddress = nft.address;
  await (await nft.mint('0x00000000000000000000000000000000000000a1', 1)).wait();
  await (await nft.setTokenURI(1, dataJson({ name: 'Cat 1', image: `${host.origin}/cat.png` }))).wait();
  await (await nft.mint('0x00000000000000000000000000000000000000a1', 2)).wait();
  await (await nft.setTokenURI(2, dataJson({ name: 'Cat 2', image: `${host.origin}/gone.png` }))).wait();
  // Both tokens' media settled (one served, one failed) before the console opens them.
  const q = `query($c: String!, $a: String!) { tokenMetadata(chainId: $c, contractAddress: $a, tokenIds: [1, 2]) { media { status } } }`;
  await waitFor(
    async () => (await gql(env, q, { c: chainId, a: nftAddress })).tokenMetadata as Array<{ media: Array<{ status: string }> }>,
    (list) => list.every((t) => t.media.length === 1 && ['READY', 'FAILED'].includes(t.media[0].status)),
    60_000,
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

const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-media-${name}`, body, { fullPage: true });
const { waitForText, signIn, fill, clickButton } = pageActions(() => page);

it('a token page shows the thumbnail Strata serves and loads nothing from elsewhere', () =>
  step('thumbnail', async () => {
    await signIn(origin, ADMIN_TOKEN);
    await waitForText('Operator', 'header');
    const hostRequestsBefore = host.requests.length;
    await page.goto(`${origin}/console#/contracts/${chainId}/${nftAddress}/tokens/1`, { waitUntil: 'networkidle0' });
    await waitForText('Token #1', '#token-media-title');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=media-thumbnail]');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const shown = await page.$eval('[data-testid=media-thumbnail]', (img) => {
      const i = img as HTMLImageElement;
      return { src: i.getAttribute('src'), naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight };
    });
    // The 512 px WebP of the 900 × 600 PNG, by its path on Strata.
    expect(shown).toEqual({ src: expect.stringMatching(/^\/media\/[0-9a-f]{64}\/512$/), naturalWidth: 512, naturalHeight: 341 });
    expect(await page.$eval('[data-testid=media-image] [data-testid=media-status]', (e) => e.textContent)).toBe('ready');
    expect(await page.$eval('[data-testid=media-counts]', (e) => e.textContent)).toBe('1 ready, 0 queued, 0 running, 1 failed');
    // Nothing from the image's own host, nor from anywhere else but Strata.
    expect(watched.outside).toEqual([]);
    expect(host.requests.length).toBe(hostRequestsBefore);
    expect(watched.consoleErrors).toEqual([]);
  }));

it('a failed fetch says why, on the token and among the contract’s failures', () =>
  step('failed', async () => {
    await fill('Token id for media', '2', 'form[aria-label="Show a token\'s media"]');
    await clickButton('Show media');
    await waitForText('Token #2', '#token-media-title');
    const error = await page.$eval('[data-testid=media-image] [data-testid=media-error]', (e) => e.textContent);
    expect(error).toMatch(/^HTTP 410 from http:\/\/127\.0\.0\.1:\d+\/gone\.png \(tried again after .+\)$/);
    expect(await page.$eval('[data-testid=media-image] [data-testid=media-status]', (e) => e.textContent)).toBe('failed');
    const failures = await page.$$eval('[aria-label="Media failures"] li', (ls) => ls.map((l) => l.textContent?.trim()));
    expect(failures).toEqual([expect.stringMatching(/^Token #2 image: HTTP 410 from /)]);
    expect(page.url()).toBe(`${origin}/console#/contracts/${chainId}/${nftAddress}/tokens/2`);
    expect(watched.outside).toEqual([]);
  }));
