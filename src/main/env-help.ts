// The environment a long-running command reads, for `strata serve --help` and `strata index --help`: generated from
// src/config/env-descriptions.ts (the source of docs/reference/configuration.md), so the help cannot fall behind.
import { envDescriptions, envGroups, envOutsideSchema } from '../config/env-descriptions';

/** The first sentence of a description, without Markdown backticks. */
const firstSentence = (text: string) => {
  const plain = text.replace(/`/g, '');
  const end = plain.search(/\.(\s|$)/);
  return end === -1 ? plain : plain.slice(0, end + 1);
};

export const environmentHelp = (): string => {
  const all = { ...envDescriptions, ...envOutsideSchema };
  const width = Math.max(...Object.keys(all).map((n) => n.length)) + 2;
  const lines = [
    '',
    'Environment (a .env file in the working directory is read first; variables already set win).',
    'Types, defaults and examples: docs/reference/configuration.md.',
  ];
  for (const group of envGroups) {
    const names = Object.keys(all).filter((n) => all[n].group === group);
    if (!names.length) continue;
    lines.push('', `${group}:`);
    for (const name of names) lines.push(`  ${name.padEnd(width)}${firstSentence(all[name].description)}`);
  }
  return `${lines.join('\n')}\n`;
};
