// Rules as the page names them: a rule set the engine names ("classic", "guideline"), or its kind
// with what differs from it, for rules a preset was published with. Every fact comes from the
// rules objects the engine gives (`limits().rules`, `presets()[i].published.rules`).

/** How one field of the rules reads where it differs from its kind's named rules. */
function part(field, value) {
  switch (field) {
    case 'preview':
      return value === 0 ? 'no preview' : `preview ${value}`;
    case 'hold':
      return value ? 'hold' : 'no hold';
    case 'randomizer':
      return value === null ? "the rules' own pieces" : `${value} pieces`;
    case 'top_out':
      return value === null ? "the rules' own top-out" : `top out: ${value.replace(/_/g, ' ')}`;
    case 'timing':
      return value === null
        ? 'no timing'
        : `gravity ${value.gravity}, lock delay ${value.lock_delay}`;
    default:
      return `${field.replace(/_/g, ' ')} ${JSON.stringify(value)}`;
  }
}

/**
 * The name of `rules` among `named` (the engine's `limits().rules`) where they are the same,
 * else their kind with what differs, like "classic (preview 1, bag pieces)".
 */
export function rulesName(rules, named) {
  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const fields = (r) => Object.keys(r).filter((field) => field !== 'kind');
  for (const [name, other] of Object.entries(named)) {
    const keys = new Set([...fields(rules), ...fields(other)]);
    if (other.kind === rules.kind && [...keys].every((k) => same(rules[k], other[k]))) return name;
  }
  const base = Object.values(named).find((other) => other.kind === rules.kind) ?? {};
  const differs = fields(rules)
    .filter((field) => !same(rules[field], base[field]))
    .map((field) => part(field, rules[field] ?? null));
  return differs.length ? `${rules.kind} (${differs.join(', ')})` : rules.kind;
}
