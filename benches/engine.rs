//! Engine speed: one AI decision, one placement search, and whole games.
//!
//! Mid-game boards are sampled from games the AI plays itself (every 37th piece of a long game),
//! so they look like the boards it meets in play.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tetris_ai::ai::presets;
use tetris_ai::ai::search::{Position, SearchConfig, Searcher};
use tetris_ai::moves::MoveSearch;
use tetris_ai::rules::{GameRng, spawn_position};
use tetris_ai::{Board, Game, GameConfig, Piece, Rules};

/// `count` boards from a game under `rules`, with the piece to play on each.
fn mid_game_boards(rules: Rules, count: usize) -> Vec<(Board, Piece)> {
    let mut game = Game::new(GameConfig {
        rules,
        seed: 7,
        ..GameConfig::default()
    })
    .unwrap();
    let mut boards = Vec::with_capacity(count);
    while boards.len() < count {
        for _ in 0..37 {
            game.step().expect("the sampling game lasts");
        }
        boards.push((*game.board(), game.current()));
    }
    boards
}

fn decision(c: &mut Criterion, name: &str, rules: Rules, depth: u8) {
    let boards = mid_game_boards(rules, 64);
    let weights = presets::find("dellacherie").unwrap().weights();
    let config = SearchConfig {
        depth,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new();
    let mut rng = GameRng::new(1, 1);
    let preview = [Piece::T, Piece::I, Piece::L, Piece::O, Piece::S];
    let mut i = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            let (board, piece) = &boards[i % boards.len()];
            i += 1;
            let position = Position {
                board,
                rules: &rules,
                current: *piece,
                hold: None,
                can_hold: false,
                preview: &preview[..rules.preview],
                unseen: &Piece::ALL,
            };
            black_box(searcher.decide(&position, &weights, &config, &mut rng))
        })
    });
}

fn decisions(c: &mut Criterion) {
    decision(
        c,
        "classic 1-ply decision, dellacherie, 10x20",
        Rules::classic(),
        1,
    );
    decision(
        c,
        "classic 2-ply decision (expectation), dellacherie, 10x20",
        Rules::classic(),
        2,
    );
    let no_hold = Rules {
        hold: false,
        ..Rules::guideline()
    };
    decision(
        c,
        "guideline 1-ply decision, dellacherie, 10x20",
        no_hold,
        1,
    );
    decision(
        c,
        "guideline 2-ply decision, dellacherie, 10x20",
        no_hold,
        2,
    );
}

fn guideline_search(c: &mut Criterion) {
    let boards = mid_game_boards(Rules::guideline(), 64);
    let mut search = MoveSearch::new();
    let mut i = 0;
    c.bench_function(
        "guideline search, all placements of one piece, 10x20",
        |b| {
            b.iter(|| {
                let (board, _) = &boards[i % boards.len()];
                let piece = Piece::from_index(i % 7);
                i += 1;
                let spawn = spawn_position(board, piece).unwrap();
                black_box(search.run(board, piece, spawn).len())
            })
        },
    );
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

criterion_group!(benches, decisions, guideline_search, games);
criterion_main!(benches);
