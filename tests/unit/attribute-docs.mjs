// The element's attributes as the docs and the types state them, generated from their table
// (www/lib/attributes.js): the attribute table of docs/element.md and www/package/README.md,
// and the properties of `TetrisAiElement` in www/tetris-ai-element.d.ts. Each lives in its file
// between two marker lines; `node tests/unit/attribute-docs.mjs` (`npm run docs:attributes`)
// writes them, and attribute-docs.test.mjs checks that they are as generated.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ATTRIBUTES, attributeText } from '../../www/lib/attributes.js';
import { ROOT } from './files.mjs';

/** How the docs state an attribute's default. */
export function defaultText(entry) {
  if (entry.defaultDoc) return entry.defaultDoc;
  if (typeof entry.default === 'function') {
    throw new Error(`${entry.property}: a default the engine gives needs a defaultDoc`);
  }
  const text = attributeText(entry.property, entry.default);
  return text === null ? 'absent' : `\`${text}\``;
}

/**
 * The attribute text a documented default states (its first code span), false where it says
 * the attribute is absent, or null where it states no text (a random seed).
 */
export function documentedText(entry) {
  const text = defaultText(entry);
  if (text.startsWith('absent')) return false;
  return /^`([^`]*)`/.exec(text)?.[1] ?? null;
}

/** What a change of the attribute does. */
function changeText(entry) {
  return entry.newGame ? 'starts a new game' : 'applies at once';
}

/** `entry`'s attribute as the table names it, with its property where that is spelled otherwise. */
function nameText({ attribute, property }) {
  return attribute === property ? `\`${attribute}\`` : `\`${attribute}\` (\`${property}\`)`;
}

/** The attribute table, in Markdown. */
export function markdownTable() {
  const cell = (text) => text.replace(/\|/g, '\\|');
  const rows = Object.values(ATTRIBUTES).map((entry) =>
    [nameText(entry), entry.doc, entry.values, defaultText(entry), changeText(entry)].map(cell),
  );
  return [
    '| Attribute | What it sets | Values | Default | A change |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** `text` in lines of at most `width` characters, each opening with `prefix`. */
function wrap(text, prefix, width) {
  const lines = [];
  let line = prefix;
  for (const word of text.split(' ')) {
    if (line !== prefix && line.length + 1 + word.length > width) {
      lines.push(line);
      line = prefix;
    }
    line += line === prefix ? word : ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The element's properties, one for each attribute, as the class in the .d.ts declares them. */
export function typeDeclarations() {
  const lines = [];
  for (const entry of Object.values(ATTRIBUTES)) {
    const doc =
      `${entry.doc} The attribute \`${entry.attribute}\`: ${entry.values}; by default ` +
      `${defaultText(entry)}; a change ${changeText(entry)}.`;
    lines.push('  /**', ...wrap(doc, '   * ', 100), '   */', `  ${entry.property}: ${entry.type};`);
  }
  return lines.join('\n');
}

/** The files with a generated part: where, between which marker lines, and what it holds. */
export const GENERATED = [
  {
    file: 'docs/element.md',
    begin: '<!-- attributes: generated from www/lib/attributes.js by npm run docs:attributes -->',
    end: '<!-- /attributes -->',
    text: markdownTable,
  },
  {
    file: 'www/package/README.md',
    begin: '<!-- attributes: generated from lib/attributes.js by npm run docs:attributes -->',
    end: '<!-- /attributes -->',
    text: markdownTable,
  },
  {
    file: 'www/tetris-ai-element.d.ts',
    begin: '  // Generated from lib/attributes.js by `npm run docs:attributes`: the attributes.',
    end: '  // The end of the generated attributes.',
    text: typeDeclarations,
  },
];

/**
 * The part of `text` between the lines `begin` and `end`, with where it starts and ends; throws
 * if either line is missing.
 */
export function generatedPart(text, { file, begin, end }) {
  const open = text.indexOf(`${begin}\n`);
  const close = text.indexOf(`\n${end}`, open);
  if (open < 0 || close < 0) throw new Error(`${file} has no "${begin}" ... "${end}" lines`);
  const start = open + begin.length + 1;
  return { start, end: close, part: text.slice(start, close) };
}

/** Writes every generated part into its file. */
async function writeAll() {
  for (const target of GENERATED) {
    const file = path.join(ROOT, target.file);
    const text = await readFile(file, 'utf8');
    const { start, end } = generatedPart(text, target);
    await writeFile(file, text.slice(0, start) + target.text() + text.slice(end));
    console.log(`wrote the attributes into ${target.file}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await writeAll();
}
