// A player's accuracy as the coach counts it: a piece placed by hand is accurate when the AI ranks
// it among its few best placements for that piece (by their own scores, ties sharing the place
// of the first of them), and a game's accuracy is the share of its pieces placed by hand that are.

/** The ranks within which a placement counts as accurate. */
export const TOP_RANKS = 3;

/** What accuracy means, in words for the page. */
export const ACCURACY_MEANS =
  `the share of your pieces that the AI ranks among its ${TOP_RANKS} best placements for them ` +
  '(ties share a place)';

/** Whether the coach's `rating` of a piece placed by hand counts as accurate. */
export function isAccurate(rating) {
  return rating.rank <= TOP_RANKS;
}

/** `accurate` of `rated` pieces as a share: "67%", or "–" when none was rated. */
export function accuracyText(accurate, rated) {
  return rated > 0 ? `${Math.round((100 * accurate) / rated)}%` : '–';
}
