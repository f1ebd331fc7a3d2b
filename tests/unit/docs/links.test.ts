// Relative links of README.md and docs/ lead somewhere: the file exists and, with a #fragment, the target has a heading
// of that anchor (GitHub's slugs), so a renamed heading or a moved page cannot leave a dead link behind.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');

const markdownUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(full);
    return e.name.endsWith('.md') ? [full] : [];
  });

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens (repeats numbered). */
const anchorsOf = (file: string): Set<string> => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const m of text.matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const slug = m[1].toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
};

const links = [path.join(root, 'README.md'), ...markdownUnder(path.join(root, 'docs'))].flatMap((file) => {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => [path.relative(root, file), href] as const);
});

it('finds the relative links', () => {
  expect(links.length).toBeGreaterThan(10);
});

it.each(links)('%s links to %s, which exists', (from, href) => {
  const [target, fragment] = href.split('#');
  const file = target ? path.resolve(path.dirname(path.join(root, from)), decodeURIComponent(target)) : path.join(root, from);
  expect(fs.existsSync(file)).toBe(true);
  if (fragment && file.endsWith('.md')) expect([...anchorsOf(file)]).toContain(fragment);
});
