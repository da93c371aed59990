//! A series of matches: match `i` seeded `seed + i`, each a job a page or the command line can
//! play anywhere, and the statistics of their outcomes: wins, losses and draws, the left side's
//! win rate among decided matches with its 95% (Wilson) interval, and each side's attack.

use super::{DEFAULT_MAX_PIECES, Ending, Match, MatchOutcome, Side, SideOutcome};
use crate::bench::read_games;
use crate::checked::{self, MAX_SAFE_INTEGER};
use crate::config::GameConfig;
use crate::engine::versus::VersusPreset;
use crate::engine::versus::pace::Pace;
use crate::error::{Error, Result};
use crate::game::VersusStats;
use crate::measurement::{self, Host, Measurement};
use serde::Serialize;
use serde_json::Value;

/// The matches a series plays unless told otherwise.
pub const DEFAULT_MATCHES: u64 = 100;

/// The most matches one series plays: every outcome is kept until the end.
pub const MAX_MATCHES: u64 = 1_000_000;

/// The options of a series, as a page passes them to `measure("versus", …)`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SeriesOptions {
    /// Matches to play (default 100).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub games: Option<u64>,
    /// The first match's seed (default the configuration's); match i is seeded `seed + i`.
    #[cfg_attr(feature = "typescript", ts(optional, type = "number | string"))]
    pub seed: Option<u64>,
    /// Pieces after which each side stops, a draw if neither has topped out (default 10,000).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub max_pieces: Option<u64>,
    /// The right side's game configuration (default the left side's).
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub opponent: Option<GameConfig>,
    /// The attack table and the garbage rules (default "ppt").
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub rules: Option<VersusPreset>,
    /// How the matches keep time (default "lockstep").
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub pace: Option<Pace>,
}

/// The fields of a series' options, as [`SeriesOptions`] writes them.
const OPTION_FIELDS: [&str; 6] = ["games", "seed", "maxPieces", "opponent", "rules", "pace"];

impl SeriesOptions {
    /// The options `value` (JSON; none for none), named `name`: matches from 1 to
    /// [`MAX_MATCHES`], a seed, a cap of 1 piece or more, the opponent's game configuration, the
    /// versus rules' name and the pace's. A bad one is an error naming it.
    pub fn read(name: &str, value: Option<&Value>) -> Result<SeriesOptions> {
        let Some(map) = checked::object(name, value, &OPTION_FIELDS, true)? else {
            return Ok(SeriesOptions::default());
        };
        let (games, seed, max_pieces) = read_games(map, name, MAX_MATCHES)?;
        Ok(SeriesOptions {
            games,
            seed,
            max_pieces,
            opponent: checked::optional(map, name, "opponent", checked::game_config)?,
            rules: checked::optional(map, name, "rules", checked::versus_rules)?,
            pace: checked::optional(map, name, "pace", checked::pace)?,
        })
    }
}

/// Many seeded matches of one pairing.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pairing: Match,
    seed: u64,
    games: u64,
}

impl Series {
    /// `games` matches of `pairing`, match `i` seeded `seed + i` (wrapping past 2^64 - 1); no
    /// matches is an error.
    pub fn new(pairing: Match, seed: u64, games: u64) -> Result<Series> {
        if games == 0 {
            return Err(Error::Config(
                "games is 0: a series plays at least 1 match".into(),
            ));
        }
        Ok(Series {
            pairing,
            seed,
            games,
        })
    }

    /// The matches' pairing.
    pub fn pairing(&self) -> &Match {
        &self.pairing
    }

    /// Plays match `game` (0 for the first); one past the last is an error naming both.
    pub fn play_match(&self, game: u64) -> Result<MatchOutcome> {
        if game >= self.games {
            return Err(Error::Config(format!(
                "match {game} is past the last of the series' {} matches",
                self.games
            )));
        }
        self.pairing.play(self.seed.wrapping_add(game))
    }
}

/// The numbers one side's play is sent as.
const SIDE_NUMBERS: usize = 7;
/// The numbers a match's outcome is sent as: who won and how it ended, then each side's.
const MATCH_NUMBERS: usize = 2 + 2 * SIDE_NUMBERS;

impl Measurement for Series {
    /// The series of `config` (the left side) with `options` (see [`SeriesOptions::read`]).
    fn read(config: GameConfig, options: Option<&Value>, _host: &Host) -> Result<Series> {
        let options = SeriesOptions::read("options", options)?;
        let opponent = options.opponent.unwrap_or_else(|| config.clone());
        let rules = options.rules.unwrap_or_default().rules();
        let max_pieces = options.max_pieces.unwrap_or(DEFAULT_MAX_PIECES);
        Series::new(
            Match::new(config.clone(), opponent, rules, max_pieces)?
                .paced(options.pace.unwrap_or_default()),
            options.seed.unwrap_or(config.seed),
            options.games.unwrap_or(DEFAULT_MATCHES),
        )
    }

    fn jobs(&self) -> u64 {
        self.games
    }

    /// The winner (0 none, 1 left, 2 right), the ending (0 a top out, 1 both, 2 the cap), then
    /// each side's pieces, lines, attack, rows sent, rows received, T-spins and perfect clears.
    fn play(&self, job: u64) -> Result<Vec<f64>> {
        let outcome = self.play_match(job)?;
        let winner = match outcome.winner {
            None => 0,
            Some(Side::Left) => 1,
            Some(Side::Right) => 2,
        };
        let ending = match outcome.ending {
            Ending::TopOut => 0,
            Ending::BothToppedOut => 1,
            Ending::PieceLimit => 2,
        };
        let mut numbers = vec![f64::from(winner), f64::from(ending)];
        for side in [outcome.left, outcome.right] {
            let v = side.versus;
            numbers.extend(
                [
                    side.pieces,
                    side.lines,
                    v.attack,
                    v.sent,
                    v.received,
                    v.t_spins,
                    v.perfect_clears,
                ]
                .map(|n| n as f64),
            );
        }
        Ok(numbers)
    }

    /// The statistics of every match's numbers (see [`Measurement::play`]), in match order.
    fn result(&self, numbers: &[f64]) -> Result<Value> {
        let outcomes = read_outcomes(numbers, self.games)?;
        measurement::as_json(&SeriesStats::of(&outcomes))
    }
}

/// The outcomes of `games` matches from the numbers they were sent as, called `outcomes` in
/// messages; numbers that are no outcomes are refused, naming the first bad one.
fn read_outcomes(numbers: &[f64], games: u64) -> Result<Vec<MatchOutcome>> {
    if numbers.len() as u64 != games * MATCH_NUMBERS as u64 {
        return Err(Error::Config(format!(
            "outcomes must hold {MATCH_NUMBERS} numbers for each of {games} matches, got {} \
             numbers",
            numbers.len()
        )));
    }
    let read = |at: usize, max: u64| checked::sent_count("outcomes", numbers, at, max);
    (0..numbers.len() / MATCH_NUMBERS)
        .map(|game| {
            let at = game * MATCH_NUMBERS;
            let winner = [None, Some(Side::Left), Some(Side::Right)][read(at, 2)? as usize];
            let ending = [Ending::TopOut, Ending::BothToppedOut, Ending::PieceLimit]
                [read(at + 1, 2)? as usize];
            let side = |from: usize| -> Result<SideOutcome> {
                let n = |i: usize| read(from + i, MAX_SAFE_INTEGER);
                Ok(SideOutcome {
                    pieces: n(0)?,
                    lines: n(1)?,
                    versus: VersusStats {
                        attack: n(2)?,
                        sent: n(3)?,
                        received: n(4)?,
                        t_spins: n(5)?,
                        perfect_clears: n(6)?,
                        ..VersusStats::default()
                    },
                })
            };
            Ok(MatchOutcome {
                winner,
                ending,
                left: side(at + 2)?,
                right: side(at + 2 + SIDE_NUMBERS)?,
            })
        })
        .collect()
}

/// One side's play over a series.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SideStats {
    /// Pieces placed over all matches.
    pub pieces: u64,
    /// Lines cleared over all matches.
    pub lines: u64,
    /// Rows the clears were worth, over all matches.
    pub attack: u64,
    /// Attack per piece placed (0 with no pieces).
    pub attack_per_piece: f64,
    /// Rows sent to the opponent after cancelling.
    pub sent: u64,
    /// Garbage rows taken.
    pub received: u64,
    /// T-spins that cleared lines, minis included.
    pub t_spins: u64,
    /// Perfect clears.
    pub perfect_clears: u64,
    /// Mean pieces per match.
    pub pieces_per_match: f64,
}

impl SideStats {
    /// The totals of one side over `outcomes`.
    fn of(outcomes: impl Iterator<Item = SideOutcome>) -> SideStats {
        let mut matches = 0u64;
        let mut totals = SideOutcome::default();
        for o in outcomes {
            matches += 1;
            totals.pieces += o.pieces;
            totals.lines += o.lines;
            let (t, v) = (&mut totals.versus, o.versus);
            t.attack += v.attack;
            t.sent += v.sent;
            t.received += v.received;
            t.t_spins += v.t_spins;
            t.perfect_clears += v.perfect_clears;
        }
        let ratio = |n: u64, d: u64| if d == 0 { 0.0 } else { n as f64 / d as f64 };
        let v = totals.versus;
        SideStats {
            pieces: totals.pieces,
            lines: totals.lines,
            attack: v.attack,
            attack_per_piece: ratio(v.attack, totals.pieces),
            sent: v.sent,
            received: v.received,
            t_spins: v.t_spins,
            perfect_clears: v.perfect_clears,
            pieces_per_match: ratio(totals.pieces, matches),
        }
    }
}

/// The statistics of a series, as `tetris-ai versus --json` writes them (before its settings).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SeriesStats {
    /// Matches played.
    pub games: u64,
    /// Matches the left side won.
    pub wins: u64,
    /// Matches the right side won.
    pub losses: u64,
    /// Matches neither won: both topped out on one turn, or the cap on pieces came first.
    pub draws: u64,
    /// Draws by the cap on pieces.
    pub capped: u64,
    /// The left side's share of the decided matches; null when none was decided.
    pub win_rate: Option<f64>,
    /// The 95% Wilson score interval of the win rate, `[low, high]`; null when none was decided.
    pub win_rate_interval: Option<[f64; 2]>,
    /// The left side's play.
    pub left: SideStats,
    /// The right side's play.
    pub right: SideStats,
}

impl SeriesStats {
    /// The statistics of `outcomes`, in match order.
    pub fn of(outcomes: &[MatchOutcome]) -> SeriesStats {
        let count = |winner| outcomes.iter().filter(|o| o.winner == winner).count() as u64;
        let wins = count(Some(Side::Left));
        let losses = count(Some(Side::Right));
        SeriesStats {
            games: outcomes.len() as u64,
            wins,
            losses,
            draws: count(None),
            capped: outcomes
                .iter()
                .filter(|o| o.ending == Ending::PieceLimit)
                .count() as u64,
            win_rate: (wins + losses > 0).then(|| wins as f64 / (wins + losses) as f64),
            win_rate_interval: wilson_interval(wins, wins + losses),
            left: SideStats::of(outcomes.iter().map(|o| o.left)),
            right: SideStats::of(outcomes.iter().map(|o| o.right)),
        }
    }
}

/// The 95% Wilson score interval of `successes` out of `trials`; none for no trials.
pub fn wilson_interval(successes: u64, trials: u64) -> Option<[f64; 2]> {
    if trials == 0 {
        return None;
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2n = Z * Z / n;
    let centre = p + z2n / 2.0;
    let spread = Z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
    let scale = 1.0 + z2n;
    Some([
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    ])
}
