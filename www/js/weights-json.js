// Weights read from JSON text: what is not weights at all (not JSON, not an object) said in plain
// words, and a number JSON reads as Infinity (1e400) named as the text spells it. The engine
// checks the rest (the features, the numbers' ranges).

/**
 * The weights of JSON `text`: `{weights}`, or `{error}` saying in plain words why the text
 * holds none (it is not JSON, not an object, or has a number too large to be finite).
 */
export function readWeights(text) {
  let weights;
  try {
    weights = JSON.parse(text);
  } catch (err) {
    return { error: `this is not JSON (${err.message})` };
  }
  if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
    return {
      error:
        'weights are a JSON object of feature names to weights, like {"holes": -4}, ' +
        `not ${Array.isArray(weights) ? 'a list' : JSON.stringify(weights)}`,
    };
  }
  const infinite = nonFiniteWeight(weights, text);
  return infinite ? { error: infinite } : { weights };
}

/**
 * The first weight or exponent in `weights` that is not a finite number (JSON reads 1e400 as
 * Infinity), as a message naming its feature and the number as `text` spells it; null when every
 * number is finite. `text` is the JSON the weights were read from.
 */
export function nonFiniteWeight(weights, text) {
  for (const [name, value] of Object.entries(weights)) {
    const numbers = value !== null && typeof value === 'object' ? value : { weight: value };
    for (const field of ['weight', 'exponent']) {
      const n = numbers[field];
      if (typeof n === 'number' && !Number.isFinite(n)) {
        return `the ${field} of "${name}" is too large to be a finite number: ${spelled(text, name, n)}`;
      }
    }
  }
  return null;
}

/** The number literal after `"name"` in JSON `text` that reads as `n`, else `n` itself. */
function spelled(text, name, n) {
  const at = text.indexOf(JSON.stringify(name));
  const literals = at < 0 ? null : text.slice(at).match(/-?\d+(\.\d*)?([eE][+-]?\d+)?/g);
  return (literals || []).find((literal) => Number(literal) === n) ?? String(n);
}
