// Loads the GraphQL documents in schema/rpc, each with the shared fragments it spreads.
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, visit, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import { projectPath } from '../config/paths';

const DIR = projectPath('schema', 'rpc');

let fragments: Map<string, FragmentDefinitionNode> | undefined;
const sharedFragments = () =>
  (fragments ??= new Map(
    parse(fs.readFileSync(path.join(DIR, '_fragments.graphql'), 'utf8'))
      .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  ));

const spreadsOf = (node: unknown): string[] => {
  const names: string[] = [];
  visit(node as DocumentNode, { FragmentSpread: (s) => void names.push(s.name.value) });
  return names;
};

/** `name` is `<Service>.<Operation>`; the file is schema/rpc/<name>.graphql. */
export const loadRpcDocument = (name: string): DocumentNode => {
  const doc = parse(fs.readFileSync(path.join(DIR, `${name}.graphql`), 'utf8'));
  const needed = new Map<string, FragmentDefinitionNode>();
  const queue = spreadsOf(doc);
  while (queue.length) {
    const n = queue.pop()!;
    const f = sharedFragments().get(n);
    if (!f || needed.has(n)) continue;
    needed.set(n, f);
    queue.push(...spreadsOf(f));
  }
  return { ...doc, definitions: [...doc.definitions, ...needed.values()] };
};
