// What the browser benchmarks share: the median of their runs, and the headers that make a page
// they serve themselves cross-origin isolated (so that it runs the threaded build).

/** The median of `xs`. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The response headers of a page of the benchmark's own: isolated, or not. */
export function isolationHeaders(isolation) {
  return isolation
    ? {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      }
    : {};
}
