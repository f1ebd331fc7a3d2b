import { normalizeTokenMetadata, parseMetadataJson } from '../../../src/web/token-metadata-json';
import { InvalidDocumentError } from '../../../src/web/errors';

const empty = {
  tokenId: '7',
  name: '',
  description: '',
  image: '',
  video: '',
  audio: '',
  properties: null,
  attributes: null,
  imageData: '',
  externalUrl: '',
  backgroundColor: '',
  animationUrl: '',
  decimals: null,
};

describe('normalizeTokenMetadata', () => {
  it('fills every field of an empty object', () => {
    expect(normalizeTokenMetadata({}, '7')).toEqual(empty);
  });

  it('keeps a well-formed OpenSea-style document', () => {
    const doc = {
      name: 'Dave Starbelly',
      description: 'Friendly OpenSea Creature.',
      image: 'https://storage.googleapis.com/opensea-prod.appspot.com/puffs/3.png',
      external_url: 'https://openseacreatures.io/3',
      background_color: 'ffffff',
      animation_url: 'ipfs://Qm/anim.mp4',
      image_data: '<svg/>',
      attributes: [
        { trait_type: 'Base', value: 'Starfish' },
        { display_type: 'boost_number', trait_type: 'Aqua Power', value: 40 },
        { Level: 5 },
      ],
      properties: { rarity: 'rare', nested: { a: [1, 2, { b: true }] } },
      decimals: 0,
    };
    expect(normalizeTokenMetadata(doc, '3')).toEqual({
      tokenId: '3',
      name: 'Dave Starbelly',
      description: 'Friendly OpenSea Creature.',
      image: doc.image,
      video: '',
      audio: '',
      properties: doc.properties,
      attributes: doc.attributes,
      imageData: '<svg/>',
      externalUrl: 'https://openseacreatures.io/3',
      backgroundColor: 'ffffff',
      animationUrl: 'ipfs://Qm/anim.mp4',
      decimals: 0,
    });
  });

  it('accepts camelCase spellings and prefers snake_case when both are set', () => {
    const camel = { imageData: 'a', externalUrl: 'b', backgroundColor: 'c', animationUrl: 'd' };
    expect(normalizeTokenMetadata(camel, '1')).toMatchObject(camel);
    const both = { image_data: 'snake', imageData: 'camel', external_url: '', externalUrl: 'camel-url' };
    expect(normalizeTokenMetadata(both, '1')).toMatchObject({ imageData: 'snake', externalUrl: 'camel-url' });
  });

  it('falls back to image_url for image', () => {
    expect(normalizeTokenMetadata({ image_url: 'https://x/1.png' }, '1').image).toBe('https://x/1.png');
    expect(normalizeTokenMetadata({ image: 'https://x/a.png', image_url: 'https://x/b.png' }, '1').image).toBe('https://x/a.png');
    expect(normalizeTokenMetadata({ image: '', image_url: 'https://x/b.png' }, '1').image).toBe('https://x/b.png');
  });

  it('coerces numbers to strings and drops objects, arrays, booleans, null', () => {
    const n = normalizeTokenMetadata(
      { name: 42, description: { en: 'x' }, image: ['a'], video: true, audio: null, background_color: 0, external_url: NaN },
      '1',
    );
    expect(n).toMatchObject({ name: '42', description: '', image: '', video: '', audio: '', backgroundColor: '0', externalUrl: '' });
  });

  it('converts an attribute map to trait entries', () => {
    expect(normalizeTokenMetadata({ attributes: { Color: 'red', Level: 5, Extra: { x: 1 } } }, '1').attributes).toEqual([
      { trait_type: 'Color', value: 'red' },
      { trait_type: 'Level', value: 5 },
      { trait_type: 'Extra', value: { x: 1 } },
    ]);
  });

  it('drops non-object attribute entries and non-collection attributes', () => {
    expect(normalizeTokenMetadata({ attributes: ['x', 1, null, [1], { a: 1 }] }, '1').attributes).toEqual([{ a: 1 }]);
    expect(normalizeTokenMetadata({ attributes: 'red' }, '1').attributes).toBeNull();
    expect(normalizeTokenMetadata({ attributes: [] }, '1').attributes).toEqual([]);
  });

  it('takes properties only as an object', () => {
    expect(normalizeTokenMetadata({ properties: [1, 2] }, '1').properties).toBeNull();
    expect(normalizeTokenMetadata({ properties: 'x' }, '1').properties).toBeNull();
    expect(normalizeTokenMetadata({ properties: {} }, '1').properties).toEqual({});
  });

  it('strips NUL bytes everywhere and repairs lone surrogates', () => {
    const n = normalizeTokenMetadata(
      { name: 'a\u0000b', properties: { 'k\u0000': 'v\u0000' }, attributes: [{ trait_type: 'x\u0000', value: 'y\u0000' }], description: 'bad \uD800 pair' },
      '1',
    );
    expect(n.name).toBe('ab');
    expect(n.properties).toEqual({ k: 'v' });
    expect(n.attributes).toEqual([{ trait_type: 'x', value: 'y' }]);
    expect(n.description).toBe('bad \uFFFD pair');
    expect(normalizeTokenMetadata({ name: '😀 ok' }, '1').name).toBe('😀 ok');
  });

  it('caps strings, attributes, entries and depth', () => {
    const long = 'x'.repeat(20_000);
    const n = normalizeTokenMetadata(
      {
        name: long,
        description: long,
        properties: { s: long, deep: { a: { b: { c: { d: { e: { f: { g: { h: 'too deep' } } } } } } } } },
        attributes: Array.from({ length: 2_000 }, (_, i) => ({ trait_type: `t${i}`, value: i })),
      },
      '1',
    );
    expect(n.name).toHaveLength(10_000);
    expect(n.description).toHaveLength(10_000);
    expect((n.properties!.s as string).length).toBe(10_000);
    expect(n.attributes).toHaveLength(500);
    expect(JSON.stringify(n.properties)).not.toContain('too deep');
    const wide = normalizeTokenMetadata({ properties: Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i])) }, '1');
    expect(Object.keys(wide.properties!)).toHaveLength(500);
    const big = normalizeTokenMetadata({ attributes: Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, i])) }, '1');
    expect(big.attributes).toHaveLength(500);
  });

  it('does not cut a surrogate pair when truncating', () => {
    const s = 'a'.repeat(9_999) + '😀';
    const name = normalizeTokenMetadata({ name: s }, '1').name;
    expect(name).toBe('a'.repeat(9_999));
  });

  it('keeps long inline media up to the media cap and drops (never truncates) beyond it', () => {
    const svg = `data:image/svg+xml;base64,${'A'.repeat(50_000)}`;
    expect(normalizeTokenMetadata({ image: svg, image_data: '<svg>' + 'x'.repeat(30_000) }, '1')).toMatchObject({ image: svg });
    expect(normalizeTokenMetadata({ image: svg }, '1', { maxMediaLength: 1_000 }).image).toBe('');
  });

  it('drops __proto__ keys instead of copying them onto prototypes', () => {
    const doc = JSON.parse('{"properties":{"__proto__":{"polluted":true},"ok":1},"attributes":{"__proto__":1,"Color":"red"}}');
    const n = normalizeTokenMetadata(doc, '1');
    expect(n.properties).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(n.properties)).toBe(Object.prototype);
    expect((n.properties as Record<string, unknown>).polluted).toBeUndefined();
    expect(n.attributes).toEqual([{ trait_type: 'Color', value: 'red' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [18, 18],
    [0, 0],
    ['6', 6],
    [-1, null],
    [1.5, null],
    ['1e3', null],
    ['abc', null],
    [Number.MAX_SAFE_INTEGER + 1, null],
    [null, null],
    [{}, null],
  ])('decimals %p → %p', (input, out) => {
    expect(normalizeTokenMetadata({ decimals: input }, '1').decimals).toBe(out);
  });

  it('replaces non-finite numbers inside properties with null', () => {
    expect(normalizeTokenMetadata({ properties: { a: Infinity, b: 1 } }, '1').properties).toEqual({ a: null, b: 1 });
  });

  it.each([
    [null, 'null'],
    [[{ name: 'x' }], 'an array'],
    ['name', 'a string'],
    [42, 'a number'],
    [true, 'a boolean'],
  ])('refuses non-object JSON %p', (json, got) => {
    expect(() => normalizeTokenMetadata(json, '1')).toThrow(InvalidDocumentError);
    expect(() => normalizeTokenMetadata(json, '1')).toThrow(`token metadata must be a JSON object, got ${got}`);
  });
});

describe('parseMetadataJson', () => {
  it('parses, tolerating a BOM', () => {
    expect(parseMetadataJson('\uFEFF{"a":1}', 'x')).toEqual({ a: 1 });
  });
  it('explains malformed JSON with the source', () => {
    expect(() => parseMetadataJson('{"a":', 'https://x/1')).toThrow(InvalidDocumentError);
    expect(() => parseMetadataJson('<html>', 'https://x/1')).toThrow(/https:\/\/x\/1 is not valid JSON/);
  });
});
