// The attribute tables of docs/element.md and the package's README, and the element's property
// types, are as generated from the table in www/lib/attributes.js (`npm run docs:attributes`
// writes them), and the defaults the docs state are those an element without attributes takes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ATTRIBUTES, attributeText, defaults } from '../../www/lib/attributes.js';
import { GENERATED, documentedText, generatedPart } from './attribute-docs.mjs';
import { ENGINE } from './engine.mjs';
import { read } from './files.mjs';

for (const target of GENERATED) {
  test(`the attributes in ${target.file} are as generated from their table`, async () => {
    const { part } = generatedPart(await read(target.file), target);
    assert.equal(part, target.text(), `run npm run docs:attributes to write ${target.file}`);
  });
}

test('the element class declares each attribute as a property only where generated', async () => {
  const text = await read('www/tetris-ai-element.d.ts');
  const { start, end } = generatedPart(text, GENERATED[2]);
  const outside = text.slice(0, start) + text.slice(end);
  for (const property of Object.keys(ATTRIBUTES)) {
    assert.doesNotMatch(
      outside,
      new RegExp(`^ {2}(readonly )?${property}:`, 'm'),
      `${property} is declared outside the generated part`,
    );
  }
});

test('the documented defaults are those of an element without attributes', () => {
  const settings = defaults(ENGINE);
  for (const entry of Object.values(ATTRIBUTES)) {
    const documented = documentedText(entry);
    const text = attributeText(entry.property, settings[entry.property]);
    if (documented === null) {
      assert.equal(entry.property, 'seed', 'only the seed has no documented value');
      assert.ok(Number.isSafeInteger(settings.seed), `a random seed, got ${settings.seed}`);
    } else if (documented === false) {
      assert.equal(text, null, `${entry.attribute} is absent by default`);
    } else {
      assert.equal(text, documented, `${entry.attribute}'s default`);
    }
  }
});
