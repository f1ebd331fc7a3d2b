// The builder console in a real headless Chromium (Debian's, driven by puppeteer-core), as a project owner and the
// operator use it: sign in with the keyboard, create a project, a collection and a token, drop an image on the token,
// link a deployed contract, then read the image back from the public document and through the published
// SequenceMetadata client; revoke a key and see the client refused; set an operator flag; watch indexing progress;
// and use the console on a phone-sized screen. The page must load nothing from outside the server and log no error.
// A failed step leaves a screenshot in tests/output/.
import { crc32, deflateSync } from 'node:zlib';
import { SequenceMetadata } from '@0xsequence/metadata';
import type { Browser, Page } from 'puppeteer-core';
import { launchChromium, screenshot, pageActions, watchPage, withScreenshot, openPage } from '../helpers/browser';
import { rejectionOf } from '../helpers/rejection';
import { ADMIN_TOKEN, startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';

let env: MetadataEnv;
let browser: Browser;
let page: Page;
let origin: string;
let watched: ReturnType<typeof watchPage>;

/** A real PNG of the given size (one red-to-blue gradient row repeated), so the browser can decode and show it. */
const png = (width: number, height: number): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([255 - Math.round((255 * x) / width), 40, Math.round((255 * x) / width)], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
};

beforeAll(async () => {
  env = await startMetadataEnv();
  origin = env.server.url;
  browser = await launchChromium();
  page = await openPage(browser);
  await page.setViewport({ width: 1366, height: 900 });
  watched = watchPage(page, (url) => url.startsWith(origin) || url.startsWith('blob:') || url.startsWith('data:'));
  // Rotate and revoke ask before they act.
  page.on('dialog', (d) => void d.accept());
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

/** A step of the story; a failed one leaves tests/output/console-<name>.png of the whole page. */
const step = (name: string, body: () => Promise<void>) => withScreenshot(page, `console-${name}`, body, { fullPage: true });

const { control, fill, clickButton, waitForText, textOf } = pageActions(() => page);

let accessKey: string;
let projectId: number;
let collectionId: number;
let contractMetadataUri: string;
let imageUrl: string;
let nftAddress: string;

it('signs the operator in with the keyboard alone', () =>
  step('sign-in', async () => {
    await page.goto(`${origin}/console`, { waitUntil: 'networkidle0' });
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent);
    expect(focused).toBe('Token');
    await page.keyboard.type('not the admin token');
    await page.keyboard.press('Enter');
    await waitForText('UNAUTHORIZED', '[role=alert]');
    await fill('Token', ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    await waitForText('Operator', 'header');
  }));

it('creates a project, shows its first key once, and opens it', () =>
  step('project', async () => {
    await fill('Project name', 'Gallery owners');
    await clickButton('Create project');
    const keyHandle = await page.waitForSelector('[data-testid=issued-access-key]');
    accessKey = (await keyHandle!.evaluate((el) => el.textContent ?? '')).trim();
    expect(accessKey.length).toBeGreaterThan(20);
    const id = await page.waitForFunction(() => {
      const row = [...document.querySelectorAll<HTMLTableRowElement>('tbody tr')].find((tr) => tr.textContent?.includes('Gallery owners'));
      return row ? Number(row.cells[0].textContent) : null;
    });
    projectId = (await id.jsonValue())!;
    await clickButton('Open project Gallery owners');
    await waitForText(`project ${projectId}`, 'header');
    await page.waitForFunction(() => location.hash === '#/collections');
  }));

it('creates a collection and a token', () =>
  step('collection', async () => {
    await fill('Collection name', 'Sunsets');
    await fill('Description', 'Evening skies');
    await clickButton('Create collection');
    await page.waitForFunction(() => /^#\/collections\/\d+$/.test(location.hash));
    collectionId = Number(await page.evaluate(() => location.hash.split('/')[2]));
    await waitForText('Contract metadata URI', 'dl');
    contractMetadataUri = await textOf('dl.uris dd code');
    expect(contractMetadataUri).toMatch(/^http:\/\/strata\.test\//);

    await fill('Token id', '1');
    await fill('Token name', 'First light');
    await clickButton('Add token');
    await page.waitForFunction(() => location.hash.endsWith('/tokens/1'));
    await waitForText('Token #1');
  }));

it('takes an image dropped on the token, previews it, uploads it and shows it from the server', () =>
  step('upload', async () => {
    const bytes = png(48, 32).toString('base64');
    // A real drop event carrying a file, as the browser builds it when a file is dragged from the desktop.
    await page.$eval(
      '[data-testid=file-drop]',
      (zone, b64) => {
        const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], 'first light.png', { type: 'image/png' }));
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      bytes,
    );
    await page.waitForSelector('img[alt="Preview of first light.png"]');
    await clickButton('Upload');
    await waitForText('Uploaded first light.png (48×32)', '[role=status]');
    const shown = await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=token-image]');
      return img && img.complete && img.naturalWidth > 0 ? { width: img.naturalWidth, src: img.getAttribute('src') } : null;
    });
    const { width, src } = (await shown.jsonValue())!;
    expect(width).toBe(48);
    expect(src).toMatch(new RegExp(`^/projects/${projectId}/collections/${collectionId}/tokens/1/assets/`));
    imageUrl = `http://strata.test${src}`;
  }));

it('saves attributes and shows them in the public document with the image', () =>
  step('document', async () => {
    await clickButton('Add attribute');
    await fill('Trait 1', 'Sky');
    await fill('Value 1', 'Orange');
    await clickButton('Save token');
    await waitForText('Token saved.', '[role=status]');
    const href = await page.$eval('[data-testid=document-link]', (a) => a.getAttribute('href')!);
    const doc = await (await fetch(`${origin}${href}`)).json();
    expect(doc).toMatchObject({ name: 'First light', image: imageUrl, attributes: [{ trait_type: 'Sky', value: 'Orange' }] });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-token');
  }));

it('links a deployed contract, after which SequenceMetadata answers the token with its image and asset', () =>
  step('link', async () => {
    const nft = await env.deploy('TestERC721.sol', ['Sunsets', 'SUN']);
    nftAddress = nft.address;
    await (await nft.mint('0x00000000000000000000000000000000000000a1', 1)).wait();
    await (await nft.setContractURI(contractMetadataUri)).wait();
    await page.goto(`${origin}/console#/collections/${collectionId}`, { waitUntil: 'networkidle0' });
    await fill('Chain id or name', String(env.anvil.chainId), 'form[aria-labelledby=links-title]');
    await fill('Contract address', nftAddress, 'form[aria-labelledby=links-title]');
    await clickButton('Link contract');
    await waitForText('Contract linked', '[role=status]');
    await waitForText(nftAddress, 'form[aria-labelledby=links-title] li');

    const client = new SequenceMetadata(origin, accessKey);
    const { tokenMetadata } = await client.getTokenMetadata({ chainID: String(env.anvil.chainId), contractAddress: nftAddress, tokenIDs: ['1'] });
    expect(tokenMetadata[0]).toMatchObject({ tokenId: '1', name: 'First light', image: imageUrl });
    expect(tokenMetadata[0].assets).toEqual([
      expect.objectContaining({ collectionId, tokenId: '1', metadataField: 'image', url: imageUrl, mimeType: 'image/png', width: 48, height: 32, filename: 'first light.png' }),
    ]);
  }));

it('issues a second key and revokes the first, which the published client then sees refused', () =>
  step('keys', async () => {
    await page.click('nav a[href="#/keys"]');
    await waitForText('Access keys', 'h2');
    await fill('Key name', 'spare');
    await clickButton('Create key');
    const spare = (await (await page.waitForSelector('[data-testid=issued-key]'))!.evaluate((el) => el.textContent ?? '')).trim();
    await waitForText('spare', 'li.key');
    // The first key is the default: revoking it passes the default flag to the spare.
    await clickButton(`Revoke default`);
    await page.waitForFunction(() => document.querySelectorAll('li.key').length === 1);
    await waitForText('default', 'li.key .badge');

    const refused = await rejectionOf(new SequenceMetadata(origin, accessKey).getTokenMetadata({ chainID: String(env.anvil.chainId), contractAddress: nftAddress, tokenIDs: ['1'] }));
    // The Metadata service's error table has no AccessKeyNotFound: its clients get Unauthorized 1000 saying why.
    expect(refused).toMatchObject({ name: 'Unauthorized', code: 1000, status: 401, msg: 'access key not found' });
    const still = await new SequenceMetadata(origin, spare).getTokenMetadata({ chainID: String(env.anvil.chainId), contractAddress: nftAddress, tokenIDs: ['1'] });
    expect(still.tokenMetadata[0].image).toBe(imageUrl);
  }));

it('lets the operator verify the contract and watch indexing', () =>
  step('operator', async () => {
    await page.click('nav a[href="#/contracts"]');
    await fill('Chain id or name', String(env.anvil.chainId), 'form[aria-label="Open a contract"]');
    await fill('Contract address', nftAddress, 'form[aria-label="Open a contract"]');
    await clickButton('Open contract');
    await waitForText('Sunsets', 'h3');
    const verified = await control('Verified');
    await verified.click();
    await clickButton('Save flags');
    await waitForText('Flags saved.', '[role=status]');
    const info = await env.server.graphql(
      `query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { extensions { verified } } }`,
      { c: String(env.anvil.chainId), a: nftAddress },
      env.key(),
    );
    expect(info.body.data.contractInfo.extensions.verified).toBe(true);

    await page.click('nav a[href="#/chains"]');
    const indexed = await page.waitForFunction(
      (id) => {
        const n = Number(document.querySelector(`[data-testid=indexed-${id}]`)?.textContent);
        return n > 0 ? n : null;
      },
      {},
      env.anvil.chainId,
    );
    expect(await indexed.jsonValue()).toBeGreaterThan(0);
    await waitForText('HEALTHY', 'td');
    await screenshot(page, 'console-indexing');
  }));

it('labels every form control and fits a phone screen', () =>
  step('phone', async () => {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    for (const hash of ['#/projects', `#/collections/${collectionId}/tokens/1`, '#/contracts', '#/chains']) {
      await page.goto(`${origin}/console${hash}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('main h2');
      const unlabelled = await page.$$eval('input, select, textarea', (els) =>
        els.filter((el) => !(el as HTMLInputElement).labels?.length && !el.getAttribute('aria-label')).map((el) => el.outerHTML),
      );
      expect(unlabelled).toEqual([]);
      // Nothing sticks out past the screen's right edge, except inside a box that scrolls sideways (wide tables).
      const sticking = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .filter((el) => {
            for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX === 'auto') return false;
            return getComputedStyle(el).overflowX !== 'auto';
          })
          .map((el) => el.outerHTML.slice(0, 120)),
      );
      expect({ hash, sticking }).toEqual({ hash, sticking: [] });
    }
    await screenshot(page, 'console-phone');
  }));

it('loaded nothing from elsewhere and logged no error', () => {
  expect(watched.outside).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
});
