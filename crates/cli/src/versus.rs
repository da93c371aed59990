//! `tetris-ai versus`: many seeded matches of one AI against another, garbage and all, in
//! parallel, and who won with the win rate's 95% interval, attack per piece and pieces per match.

use crate::bench::describe_search;
use crate::{GameOptions, Report, parse_positive, play_all, print_json, progress_bar};
use clap::Args;
use tetris_ai_args::values::parse_named;
use tetris_ai_core::ai::presets;
use tetris_ai_core::engine::versus::VersusPreset;
use tetris_ai_core::engine::versus::pace::Pace;
use tetris_ai_core::versus::series::{DEFAULT_MATCHES, Series, SeriesStats, SideStats};
use tetris_ai_core::versus::{DEFAULT_MAX_PIECES, Match};
use tetris_ai_core::{GameConfig, Weights};

/// Arguments of `versus`: the `versus` preset unless another is named.
#[derive(Debug, Args)]
#[command(mut_arg("preset", |arg| arg.default_value(presets::VERSUS.name)))]
pub struct VersusArgs {
    /// Number of matches; match i is played with seed SEED + i.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MATCHES, value_parser = parse_positive)]
    games: u64,

    /// The left side's game (and the rules, board and search both sides play; the rules
    /// default to guideline here).
    #[command(flatten)]
    game: GameOptions,

    /// The right side's weight set by name [default: the left side's].
    #[arg(long, value_name = "NAME", conflicts_with = "opponent_weights",
        value_parser = clap::builder::PossibleValuesParser::new(presets::names()))]
    opponent_preset: Option<String>,

    /// The right side's weights from a JSON file (as --weights).
    #[arg(long, value_name = "FILE")]
    opponent_weights: Option<String>,

    /// The right side's search depth, 1 to 4 [default: the left side's].
    #[arg(long, value_name = "DEPTH")]
    opponent_depth: Option<u8>,

    /// The right side's beam width through every known piece, 1 to 65536, or 0 to search by
    /// plies [default: the left side's].
    #[arg(long, value_name = "WIDTH")]
    opponent_preview_beam: Option<u32>,

    /// The versus rules: ppt (Puyo Puyo Tetris's attack and garbage, as battletris referees
    /// them) or tetrio (TETR.IO's Tetra League).
    #[arg(long, value_name = "RULES", default_value = "ppt", value_parser = parse_named::<VersusPreset>)]
    versus: VersusPreset,

    /// How the matches keep time: lockstep (a piece each per turn) or ppt (each side on a
    /// clock of battletris's -c ppt frames, where moving a piece, a clear's pause and the next
    /// spawn take time, and garbage waits 30 frames).
    #[arg(long, value_name = "PACE", default_value = "lockstep", value_parser = parse_named::<Pace>)]
    pace: Pace,

    /// Each side's pieces after which a match still going is called a draw.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PIECES, value_parser = parse_positive)]
    max_pieces: u64,

    /// Matches played at once (default: one per core).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    threads: Option<u64>,

    /// Print one JSON object instead of a table (no progress bar).
    #[arg(long)]
    json: bool,
}

impl VersusArgs {
    /// The left side's configuration: the game options, under guideline rules unless told.
    fn left(&self) -> Result<GameConfig, String> {
        self.game.guideline_config()
    }

    /// The right side's configuration: the left's with the opponent's weights and depth.
    fn right(&self, left: &GameConfig) -> Result<GameConfig, String> {
        let mut right = left.clone();
        if let Some(path) = &self.opponent_weights {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read opponent weights file \"{path}\": {e}"))?;
            let weights = Weights::from_json(&text)
                .map_err(|e| format!("opponent weights file \"{path}\": {e}"))?;
            (right.preset, right.weights) = (None, Some(weights));
        } else if let Some(preset) = &self.opponent_preset {
            (right.preset, right.weights) = (Some(preset.clone()), None);
        }
        if let Some(depth) = self.opponent_depth {
            right.search.depth = depth;
        }
        if let Some(width) = self.opponent_preview_beam {
            right.search.preview_beam = (width > 0).then_some(width);
        }
        Ok(right)
    }

    /// Who plays the right side, for the report.
    fn opponent(&self) -> String {
        match (&self.opponent_weights, &self.opponent_preset) {
            (Some(path), _) => format!("weights from {path}"),
            (None, Some(preset)) => preset.clone(),
            (None, None) => self.game.player(),
        }
    }
}

/// Runs `versus`: plays the matches and prints the table or the JSON object.
pub fn versus(args: &VersusArgs) -> Result<(), String> {
    let left = args.left()?;
    let right = args.right(&left)?;
    let pairing = Match::new(left, right, args.versus.rules(), args.max_pieces)
        .map_err(|e| e.to_string())?
        .paced(args.pace);
    let series = Series::new(pairing, args.game.seed, args.games).map_err(|e| e.to_string())?;
    let progress = progress_bar(
        args.games,
        args.json,
        "{elapsed_precise} [{bar:40}] {pos}/{len} matches (eta {eta})",
    );
    let outcomes = play_all(args.games, args.threads, &progress, |i| {
        series.play_match(i)
    })?;
    progress.finish_and_clear();
    let stats = SeriesStats::of(&outcomes);
    let (left, right) = (series.pairing().left(), series.pairing().right());
    if args.json {
        let mut settings = args.game.reported(left);
        settings.insert("opponent".into(), args.opponent().into());
        settings.insert("opponent_depth".into(), right.search.depth.into());
        settings.insert(
            "opponent_preview_beam".into(),
            right.search.preview_beam.into(),
        );
        settings.insert("versus".into(), args.versus.name().into());
        settings.insert("pace".into(), args.pace.name().into());
        settings.insert("max_pieces".into(), args.max_pieces.into());
        print_json(&Report {
            stats: &stats,
            settings,
        })?;
    } else {
        println!(
            "{} ({}) against {} ({}), {}, {} versus rules, {} pace, {}x{} board, seeds {}..{}",
            args.game.player(),
            describe_search(&left.search),
            args.opponent(),
            describe_search(&right.search),
            left.rules.description(),
            args.versus.name(),
            args.pace.name(),
            left.width,
            left.height,
            args.game.seed,
            args.game.seed.wrapping_add(args.games - 1),
        );
        print!("{}", table(&stats));
    }
    Ok(())
}

/// The statistics as a table: the outcome, then a column for each side.
fn table(s: &SeriesStats) -> String {
    let rate = match (s.win_rate, s.win_rate_interval) {
        (Some(rate), Some([low, high])) => format!(
            "{:.1}% (95%: {:.1}% to {:.1}%)",
            100.0 * rate,
            100.0 * low,
            100.0 * high
        ),
        _ => "n/a (no match decided)".to_string(),
    };
    let mut out = format!(
        "Matches {}: left won {}, right won {}, drawn {} ({} at the cap on pieces)\n\
         Left's win rate among decided matches: {rate}\n",
        s.games, s.wins, s.losses, s.draws, s.capped
    );
    /// A row: a figure of each side, as `shown` writes it.
    type Shown = fn(&SideStats) -> String;
    let rows: [(&str, Shown); 6] = [
        ("Attack per piece", |side| {
            format!("{:.3}", side.attack_per_piece)
        }),
        ("Pieces per match", |side| {
            format!("{:.1}", side.pieces_per_match)
        }),
        ("Rows sent", |side| side.sent.to_string()),
        ("Rows received", |side| side.received.to_string()),
        ("T-spins", |side| side.t_spins.to_string()),
        ("Perfect clears", |side| side.perfect_clears.to_string()),
    ];
    out.push_str(&format!("{:<20} {:>14} {:>14}\n", "", "left", "right"));
    for (name, shown) in rows {
        out.push_str(&format!(
            "{name:<20} {:>14} {:>14}\n",
            shown(&s.left),
            shown(&s.right)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Cli, Command};
    use clap::Parser;

    /// The versus arguments `argv` parse to.
    fn parsed(argv: &[&str]) -> super::VersusArgs {
        let mut all = vec!["t", "versus"];
        all.extend_from_slice(argv);
        match Cli::try_parse_from(all).unwrap().command {
            Command::Versus(args) => args,
            _ => panic!("parsed as versus"),
        }
    }

    #[test]
    fn the_sides_share_rules_and_differ_where_told() {
        let args = parsed(&[
            "--preset",
            "dt10",
            "--opponent-preset",
            "lee",
            "--depth",
            "2",
        ]);
        let left = args.left().unwrap();
        let right = args.right(&left).unwrap();
        assert_eq!(left.rules.kind, tetris_ai_core::RuleSet::Guideline);
        assert_eq!(left.preset.as_deref(), Some("dt10"));
        assert_eq!(right.preset.as_deref(), Some("lee"));
        assert_eq!((left.search.depth, right.search.depth), (2, 2));
        let deeper = parsed(&["--opponent-depth", "3"]);
        let left = deeper.left().unwrap();
        assert_eq!(deeper.right(&left).unwrap().search.depth, 3);
        let wider = parsed(&["--preview-beam", "16", "--opponent-preview-beam", "64"]);
        let left = wider.left().unwrap();
        assert_eq!(left.search.preview_beam, Some(16));
        assert_eq!(wider.right(&left).unwrap().search.preview_beam, Some(64));
        let plies = parsed(&["--preview-beam", "16", "--opponent-preview-beam", "0"]);
        let left = plies.left().unwrap();
        assert_eq!(plies.right(&left).unwrap().search.preview_beam, None);
        assert_eq!(
            parsed(&["--preview-beam", "16"])
                .right(&left)
                .unwrap()
                .search
                .preview_beam,
            Some(16)
        );
        let classic = parsed(&["--rules", "classic"]).left().unwrap();
        assert_eq!(classic.rules.kind, tetris_ai_core::RuleSet::Classic);
    }

    #[test]
    fn bad_values_are_named() {
        let error = |argv: &[&str]| {
            let mut all = vec!["t", "versus"];
            all.extend_from_slice(argv);
            Cli::try_parse_from(all).map(drop).unwrap_err().to_string()
        };
        assert!(error(&["--versus", "tetris99"]).contains("\"tetris99\""));
        assert!(error(&["--opponent-preset", "nobody"]).contains("'nobody'"));
        assert!(error(&["--games", "0"]).contains("'0'"));
        assert!(error(&["--max-pieces", "0"]).contains("'0'"));
        let args = parsed(&["--opponent-weights", "/nonexistent/w.json"]);
        let left = args.left().unwrap();
        let refused = args.right(&left).unwrap_err();
        assert!(refused.contains("/nonexistent/w.json"), "{refused}");
    }
}
