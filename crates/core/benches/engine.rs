//! Engine speed: one AI decision (classic with `dellacherie` and `du` on 10x20 and 10x10, two
//! plies by expectation, guideline with preview and hold), deeper decisions on one thread and
//! on the pool, the beam through the preview at several widths, one placement search, and whole
//! games.
//!
//! Mid-game boards are sampled from games the AI plays itself (every 37th piece of a long game),
//! so they look like the boards it meets in play.

use criterion::{Bencher, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tetris_ai_core::ai::incremental::Incremental;
use tetris_ai_core::ai::presets;
use tetris_ai_core::ai::search::{Position, SearchConfig, Searcher, evaluate};
use tetris_ai_core::ai::versus_view::VersusView;
use tetris_ai_core::engine::moves::{MoveSearch, drop_placements};
use tetris_ai_core::engine::piece::Kicks;
use tetris_ai_core::engine::reach::Reach;
use tetris_ai_core::engine::rules::{GameRng, TopOut, spawn_position};
use tetris_ai_core::{Board, Game, GameConfig, Piece, Placement, Rules, Weights};

/// `count` boards of a `width` x `height` board under `rules`, from games `preset` plays (a new
/// game, with the next seed, whenever one ends), with the piece to play on each.
fn mid_game_boards(
    rules: Rules,
    (width, height): (usize, usize),
    preset: &str,
    count: usize,
) -> Vec<(Board, Piece)> {
    let new_game = |seed| {
        Game::new(GameConfig {
            rules,
            width,
            height,
            seed,
            preset: Some(preset.to_string()),
            ..GameConfig::default()
        })
        .unwrap()
    };
    let mut seed = 7;
    let mut game = new_game(seed);
    let mut boards = Vec::with_capacity(count);
    while boards.len() < count {
        for _ in 0..37 {
            if game.step().is_none() {
                seed += 1;
                game = new_game(seed);
            }
        }
        boards.push((*game.board(), game.current()));
    }
    boards
}

/// One decision on mid-game boards of `size` that `preset` played, at `depth`.
fn decision(c: &mut Criterion, rules: Rules, size: (usize, usize), preset: &str, depth: u8) {
    let boards = mid_game_boards(rules, size, preset, 64);
    let weights = presets::find(preset).unwrap().weights();
    let config = SearchConfig {
        depth,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new();
    let kind = rules.kind.name();
    let plies = match (depth, rules.preview) {
        (1, _) => "1-ply".to_string(),
        (_, 0) => format!("{depth}-ply (expectation)"),
        _ => format!("{depth}-ply"),
    };
    let name = format!("{kind} {plies} decision, {preset}, {}x{}", size.0, size.1);
    c.bench_function(&name, |b| {
        time_decisions(b, &boards, &rules, &weights, &config, &mut searcher)
    });
}

/// Times `searcher` deciding on `boards` in turn under `rules` (with five pieces previewed where
/// the rules show them).
fn time_decisions(
    b: &mut Bencher,
    boards: &[(Board, Piece)],
    rules: &Rules,
    weights: &Weights,
    config: &SearchConfig,
    searcher: &mut Searcher,
) {
    let mut rng = GameRng::new(1, 1);
    let preview = [Piece::T, Piece::I, Piece::L, Piece::O, Piece::S];
    let mut i = 0;
    b.iter(|| {
        let (board, piece) = &boards[i % boards.len()];
        i += 1;
        let position = Position {
            board,
            rules,
            current: *piece,
            hold: None,
            can_hold: rules.hold,
            preview: &preview[..rules.preview],
            unseen: &Piece::ALL,
            versus: VersusView::default(),
        };
        black_box(searcher.decide(&position, weights, config, &mut rng))
    })
}

fn decisions(c: &mut Criterion) {
    let classic = Rules::classic();
    for preset in ["dellacherie", "du"] {
        decision(c, classic, (10, 20), preset, 1);
        decision(c, classic, (10, 10), preset, 1);
    }
    decision(c, classic, (10, 20), "dellacherie", 2);
    // Guideline rules as the page plays them: five pieces previewed, hold.
    let guideline = Rules::guideline();
    decision(c, guideline, (10, 20), "dellacherie", 1);
    decision(c, guideline, (10, 20), "dellacherie", 2);
}

/// One decision of `dt10` on mid-game boards at depths 2 to 4, on one thread and split over the
/// rayon pool (one thread per core): classic 10x10 without preview, and guideline 10x20 with
/// five previewed and hold.
fn deep_decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("deep decision");
    group.sample_size(20);
    let weights = presets::find("dt10").unwrap().weights();
    for (rules, size) in [(Rules::classic(), (10, 10)), (Rules::guideline(), (10, 20))] {
        let boards = mid_game_boards(rules, size, "dt10", 64);
        for depth in 2..=4 {
            for parallel in [false, true] {
                let config = SearchConfig {
                    depth,
                    ..SearchConfig::default()
                };
                let mut searcher = Searcher::new();
                searcher.set_parallel(parallel);
                let threads = if parallel {
                    rayon::current_num_threads()
                } else {
                    1
                };
                let name = format!(
                    "{} {}x{}, depth {depth}, {threads} thread{}",
                    rules.kind.name(),
                    size.0,
                    size.1,
                    if threads == 1 { "" } else { "s" }
                );
                group.bench_function(&name, |b| {
                    time_decisions(b, &boards, &rules, &weights, &config, &mut searcher)
                });
            }
        }
    }
    group.finish();
}

/// One beam decision of the `versus` preset through the current piece, five previewed and hold,
/// on guideline 10x20 mid-game boards, at the widths a think budget reaches.
fn beam_decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("beam decision, versus, guideline 10x20, six pieces");
    group.sample_size(10);
    let weights = presets::find("versus").unwrap().weights();
    let rules = Rules::guideline();
    let boards = mid_game_boards(rules, (10, 20), "versus", 16);
    let preview = [Piece::T, Piece::I, Piece::L, Piece::O, Piece::S];
    for width in [16, 128, 1024] {
        let mut searcher = Searcher::new();
        let mut i = 0;
        group.bench_function(format!("width {width}"), |b| {
            b.iter(|| {
                let (board, piece) = &boards[i % boards.len()];
                i += 1;
                let position = Position {
                    board,
                    rules: &rules,
                    current: *piece,
                    hold: Some(Piece::Z),
                    can_hold: true,
                    preview: &preview,
                    unseen: &Piece::ALL,
                    versus: VersusView::default(),
                };
                black_box(searcher.decide_by_beam(&position, &weights, width))
            })
        });
    }
    group.finish();
}

/// Scoring every drop placement of every piece on mid-game boards, with the incremental
/// evaluation and with the full one.
fn placement_scores(c: &mut Criterion) {
    let weights = presets::find("du").unwrap().weights();
    let boards = mid_game_boards(Rules::classic(), (10, 10), "du", 64);
    let cases: Vec<(Board, Vec<Placement>)> = boards
        .iter()
        .map(|(board, _)| {
            let placements = Piece::ALL
                .into_iter()
                .flat_map(|piece| drop_placements(board, piece))
                .collect();
            (*board, placements)
        })
        .collect();
    let placements: usize = cases.iter().map(|(_, p)| p.len()).sum();
    let mut group = c.benchmark_group("placement scores");
    group.throughput(criterion::Throughput::Elements(placements as u64));
    group.bench_function("du, 10x10, in full", |b| {
        b.iter(|| {
            let mut total = 0.0;
            for (board, placements) in &cases {
                for p in placements {
                    total += evaluate(
                        board,
                        p,
                        VersusView::default(),
                        TopOut::BeforeClears,
                        &weights,
                    );
                }
            }
            black_box(total)
        })
    });
    group.bench_function("du, 10x10, incremental", |b| {
        b.iter(|| {
            let mut total = 0.0;
            let mut incremental = Incremental::default();
            for (board, placements) in &cases {
                assert!(incremental.read(board, &weights));
                for p in placements {
                    total += incremental.evaluate(p).unwrap_or_else(|| {
                        evaluate(
                            board,
                            p,
                            VersusView::default(),
                            TopOut::BeforeClears,
                            &weights,
                        )
                    });
                }
            }
            black_box(total)
        })
    });
    group.finish();
}

/// A search for the placements of a piece from its spawn position; gives how many it found.
type PlacementSearch<'a> = dyn FnMut(&Board, Piece, (i32, i32)) -> usize + 'a;

fn guideline_search(c: &mut Criterion) {
    let boards = mid_game_boards(Rules::guideline(), (10, 20), "dellacherie", 64);
    let mut group = c.benchmark_group("guideline placements of one piece, 10x20");
    let mut i = 0;
    let mut each_board = |name: &str, run: &mut PlacementSearch| {
        group.bench_function(name, |b| {
            b.iter(|| {
                let (board, _) = &boards[i % boards.len()];
                let piece = Piece::from_index(i % 7);
                i += 1;
                let spawn = spawn_position(board, piece).unwrap();
                black_box(run(board, piece, spawn))
            })
        });
    };
    let mut by_inputs = MoveSearch::new();
    each_board("input by input, with paths", &mut |board, piece, spawn| {
        by_inputs.run(board, piece, spawn, Kicks::Srs).len()
    });
    let mut by_words = Reach::new();
    each_board("word at a time", &mut |board, piece, spawn| {
        by_words.run(board, piece, spawn, Kicks::Srs).len()
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    group.bench_function("classic game of 10,000 pieces, dellacherie, 10x20", |b| {
        b.iter(|| {
            let mut game = Game::new(GameConfig::default()).unwrap();
            black_box(game.play(Some(10_000)))
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    decisions,
    deep_decisions,
    beam_decisions,
    placement_scores,
    guideline_search,
    games
);
criterion_main!(benches);
