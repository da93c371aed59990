// The page's entry point. It gives the page a language tag every part of it can format numbers
// with, then loads the page; if the page's modules cannot load, it says so on the page.
//
// Browsers can report a language that is not a valid tag: WebKitGTK under `LANG=C.UTF-8`
// reports "C", and the charts' library formats numbers with `navigator.language` as it loads,
// which throws a RangeError on such a tag.

import { showStartFailure } from './start-failure.js';

/** The first of `tags` that `Intl.NumberFormat` takes, else "en-US". */
function usableLanguage(tags) {
  for (const tag of tags) {
    try {
      new Intl.NumberFormat(tag);
      return tag;
    } catch {
      // not a language tag: try the next
    }
  }
  return 'en-US';
}

const language = usableLanguage([navigator.language, ...(navigator.languages || [])]);
if (language !== navigator.language) {
  Object.defineProperty(navigator, 'language', { value: language, configurable: true });
}

import('./main.js').catch(showStartFailure);
