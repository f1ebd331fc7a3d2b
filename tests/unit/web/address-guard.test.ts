import { isForbiddenAddress, describeAddress } from '../../../src/web/address-guard';

describe('isForbiddenAddress', () => {
  const forbidden: Array<[string, string]> = [
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8 top'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12 top'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback top'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network 0/8'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT top'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast SSDP'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved class E'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['::1', 'v6 loopback'],
    ['::', 'v6 unspecified'],
    ['fe80::1', 'v6 link-local'],
    ['febf:ffff::1', 'v6 link-local top of fe80::/10'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456::1', 'unique-local fd'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['ff02::1', 'v6 multicast'],
    ['fec0::1', 'deprecated site-local'],
    ['::ffff:127.0.0.1', 'v4-mapped loopback, dotted'],
    ['::ffff:7f00:1', 'v4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'v4-mapped metadata, hex'],
    ['::ffff:10.1.2.3', 'v4-mapped private'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'v4-mapped private, long form'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated (RFC 6145) loopback'],
    ['::7f00:1', 'IPv4-compatible (deprecated) loopback'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated) even for a public v4'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
    ['64:ff9b:1::808:808', 'local-use NAT64 prefix'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:0a00:0001::1', '6to4 of private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with client 192.0.2.45 (reserved)'],
    ['2001:0:7f00:1:8000:63bf:3fff:fdd2', 'Teredo with loopback server'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard prefix'],
    ['5f00::1', 'segment routing, outside 2000::/3'],
    ['fe80::1%eth0', 'zone id'],
    ['[::1]', 'bracketed loopback'],
    ['', 'empty'],
    ['not-an-ip', 'a name, not an address'],
    ['1.2.3', 'partial'],
    ['1.2.3.4.5', 'too many parts'],
    ['::ffff:999.0.0.1', 'bad mapped'],
  ];
  test.each(forbidden)('%s is forbidden (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  const allowed: Array<[string, string]> = [
    ['8.8.8.8', 'public v4'],
    ['1.1.1.1', 'public v4'],
    ['93.184.216.34', 'public v4'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.1', 'just above CGNAT'],
    ['169.253.255.255', 'just below link-local'],
    ['11.0.0.1', 'just above 10/8'],
    ['2606:4700:4700::1111', 'public v6'],
    ['2a00:1450:4001:81b::200e', 'public v6'],
    ['[2606:4700::1]', 'bracketed public v6'],
    ['::ffff:8.8.8.8', 'v4-mapped public'],
    ['::ffff:808:808', 'v4-mapped public, hex'],
    ['64:ff9b::808:808', 'NAT64 of public'],
    ['2002:0808:0808::1', '6to4 of public'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo with public server and client 8.8.8.8'],
  ];
  test.each(allowed)('%s is allowed (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it('names the range for messages', () => {
    expect(describeAddress('169.254.169.254')).toBe('linkLocal');
    expect(describeAddress('[::1]')).toBe('loopback');
    expect(describeAddress('nope')).toBe('unparseable');
  });
});

describe('isForbiddenAddress, parser edge cases', () => {
  it.each(['127.1', '0x7f.0.0.1', '2130706433', '017700000001', '08.8.8.8', '8.8.8.08', '8.8.8.256'])(
    'refuses the non-canonical IPv4 form %s (fail closed)',
    (ip) => expect(isForbiddenAddress(ip)).toBe(true),
  );
  it('reads ::a.b.c.d as IPv4-compatible (refused), not as IPv4-mapped', () => {
    expect(isForbiddenAddress('::8.8.8.8')).toBe(true);
    expect(isForbiddenAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isForbiddenAddress('::FFFF:8.8.8.8')).toBe(false);
    expect(isForbiddenAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isForbiddenAddress('::ffff:1.2.3.400')).toBe(true);
    expect(isForbiddenAddress('64:ff9b::8.8.8.8')).toBe(false);
    expect(isForbiddenAddress('64:ff9b::192.168.0.1')).toBe(true);
  });
});
