// The engine's refusals of weights and checkpoints a player imports, in the page's words: what
// was expected, and the bad value by name ("weights.holes must be ..." names a row of the
// table), and which panel takes a file that belongs to the other.

/** Whether `value` is a JSON object whose every key names one of `features`. */
function holdsWeights(value, features) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const names = new Set(features.map(([name]) => name));
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => names.has(key));
}

/** Whether `value` is a checkpoint of an evolution run, by its fields. */
function holdsCheckpoint(value) {
  return (
    value !== null &&
    typeof value === 'object' &&
    ['format', 'config', 'history'].every((field) => field in value)
  );
}

/** JSON `text` read, or undefined if it is not JSON. */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Why checkpoint `text` cannot be resumed, from the engine's `message` (in plain words already),
 * or that it holds weights, to import elsewhere; `features` lists the engine's features
 * (`[name, definition]`) to recognise weights.
 */
export function checkpointRefusal(message, text, features) {
  if (holdsWeights(parsed(text), features)) {
    return 'it holds weights, not an evolution run: import it under "Advanced: weights"';
  }
  return message;
}

/**
 * Why the engine refused `weights` (what the player gave), in plain words, from its `message`
 * (the bad feature, field or value by name).
 */
export function weightsRefusal(message, weights) {
  if (holdsCheckpoint(weights)) {
    return 'these are not weights but a checkpoint of an evolution run: import it under "Evolve weights"';
  }
  let match;
  if ((match = /^weights has an unknown feature "(.*)" \(features: .*\)$/.exec(message))) {
    return `"${match[1]}" is not a feature the AI knows (the features are the rows of "Advanced: weights")`;
  }
  if ((match = /^weights\.(.*)\.(weight|exponent) must be (.*), got (.*)$/.exec(message))) {
    return `the ${match[2]} of "${match[1]}" must be ${match[3]}, got ${match[4]}`;
  }
  if ((match = /^weights\.(.*) has an unknown field "(.*)" \(fields: .*\)$/.exec(message))) {
    return (
      `"${match[1]}" has a field "${match[2]}": a feature's weight is a number, or ` +
      '{"weight": a number, "exponent": a number above 0}'
    );
  }
  if ((match = /^weights\.(.*) must be (.*), got (.*)$/.exec(message))) {
    return `the weight of "${match[1]}" must be ${match[2]}, got ${match[3]}`;
  }
  return message;
}
