//! Versus rules on boards worked out by hand: the attack of every kind of clear under both
//! tables, back-to-back chains, combos from 1 to 12, perfect clears; garbage rows with their
//! seeded holes and messiness, cancelling, the cap, blocking, and a top out by garbage.

use tetris_ai_engine::board::Board;
use tetris_ai_engine::moves::{MoveSearch, Placement, drop_placements};
use tetris_ai_engine::piece::{Kicks, Piece};
use tetris_ai_engine::rules::{TopOut, lock, spawn_position};
use tetris_ai_engine::spin::Spin;
use tetris_ai_engine::versus::attack::{AttackTable, Clear, Streaks};
use tetris_ai_engine::versus::garbage::{Garbage, GarbageRules};
use tetris_ai_engine::versus::{Exchange, Fighter, VersusPreset, VersusRules};

/// No garbage in the way: what a lone player's attack is worth.
fn table(attack: AttackTable) -> VersusRules {
    VersusRules {
        attack,
        garbage: GarbageRules::PPT,
    }
}

fn sorted(mut cells: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    cells.sort();
    cells
}

/// The placement of `piece` the input search reaches with exactly `cells`.
fn reached(board: &Board, piece: Piece, cells: &[(i32, i32)]) -> Placement {
    let spawn = spawn_position(board, piece).expect("the piece spawns");
    let mut search = MoveSearch::new();
    let want = sorted(cells.to_vec());
    *search
        .run(board, piece, spawn, Kicks::Srs)
        .iter()
        .find(|p| sorted(p.cells().to_vec()) == want)
        .unwrap_or_else(|| panic!("no {piece:?} reaches {cells:?} on\n{board:?}"))
}

/// The drop of `piece` whose cells include `cell`.
fn dropped(board: &Board, piece: Piece, cell: (i32, i32)) -> Placement {
    drop_placements(board, piece)
        .find(|p| p.cells().contains(&cell))
        .unwrap_or_else(|| panic!("no dropped {piece:?} covers {cell:?} on\n{board:?}"))
}

/// Locks `placement` on `board` and settles it for `fighter` at time `now`.
fn play(
    fighter: &mut Fighter,
    board: &mut Board,
    placement: &Placement,
    now: u64,
    rules: &VersusRules,
) -> Exchange {
    let locked = lock(board, placement, TopOut::LockOut);
    fighter.placed(board, &locked, placement.spin, now, rules).0
}

/// A board drawn as text on a 10 x 40 field.
fn picture(rows: &[&str]) -> Board {
    Board::from_picture(10, 40, rows).unwrap()
}

/// The attack of one placement on a fresh side, under each table: (PPT, TETR.IO).
fn attack_of(board: &Board, placement: &Placement) -> (Exchange, u32) {
    let attacks: Vec<Exchange> = [AttackTable::Ppt, AttackTable::Tetrio]
        .into_iter()
        .map(|attack| {
            let mut board = *board;
            play(
                &mut Fighter::new(10, 0),
                &mut board,
                placement,
                0,
                &table(attack),
            )
        })
        .collect();
    (attacks[0], attacks[1].attack)
}

#[test]
fn plain_clears_send_0_1_2_and_4() {
    // Rows full but for column 9; an I stood in column 9 fills as many of them as are there.
    for lines in 1..=4usize {
        let mut rows = vec!["#########."; lines];
        rows.push("########.#"); // column 9 filled in row 0: the I stands on row 1
        let board = picture(&rows);
        let i = dropped(&board, Piece::I, (9, 1));
        let (ppt, tetrio) = attack_of(&board, &i);
        let expected = [0, 1, 2, 4][lines - 1];
        assert_eq!(ppt.clear.lines, lines as u32);
        assert_eq!((ppt.attack, tetrio), (expected, expected), "{lines} lines");
        assert_eq!(ppt.clear.spin, Spin::None);
        assert!(!ppt.clear.perfect);
    }
}

/// A T-spin double slot at columns 0 to 2: the roof at (0, 2) over a T pointing down, centre
/// (1, 1); corners (0, 2), (0, 0) and (2, 0) blocked, both corners the T points to among them.
fn tsd_board() -> Board {
    picture(&["#.........", "...#######", "#.########"])
}

#[test]
fn t_spins_send_2_4_and_6_and_minis_0_and_1() {
    let tsd = tsd_board();
    let t = reached(&tsd, Piece::T, &[(0, 1), (1, 1), (2, 1), (1, 0)]);
    assert_eq!(t.spin, Spin::Full);
    let (ppt, tetrio) = attack_of(&tsd, &t);
    assert_eq!((ppt.clear.lines, ppt.attack, tetrio), (2, 4, 4));

    // The same slot with a second hole in row 0 (column 8): only row 1 clears, a single.
    let tss = picture(&["#.........", "...#######", "#.######.#"]);
    let t = reached(&tss, Piece::T, &[(0, 1), (1, 1), (2, 1), (1, 0)]);
    assert_eq!(t.spin, Spin::Full);
    let (ppt, tetrio) = attack_of(&tss, &t);
    assert_eq!((ppt.clear.lines, ppt.attack, tetrio), (1, 2, 2));

    // A T-spin triple through the fifth kick: the T stands in column 3 pointing right.
    let tst = picture(&[
        "####......",
        "###.......",
        "###.######",
        "###..#####",
        "###.######",
    ]);
    let t = reached(&tst, Piece::T, &[(3, 0), (3, 1), (3, 2), (4, 1)]);
    assert_eq!(t.spin, Spin::Full);
    let (ppt, tetrio) = attack_of(&tst, &t);
    assert_eq!((ppt.clear.lines, ppt.attack, tetrio), (3, 6, 6));

    // A mini: a T pointing left at centre (8, 1) turns clockwise; kicks (0, 0) and (-1, 0) are
    // blocked by (9, 1) and (6, 1), the third, (-1, -1), drops it to centre (7, 0) pointing up.
    // Of its corners (6, 1) and the floor's two are blocked, but of the two it points to only
    // (6, 1). A mini single sends what a single does, but it is difficult: after a tetris it
    // gets the back-to-back row.
    let mini = picture(&["......#..#", "######...#"]);
    let t = reached(&mini, Piece::T, &[(6, 0), (7, 0), (8, 0), (7, 1)]);
    assert_eq!(t.spin, Spin::Mini);
    let (ppt, tetrio) = attack_of(&mini, &t);
    assert_eq!((ppt.clear.lines, ppt.attack, tetrio), (1, 0, 0));
    let after_a_tetris = Streaks {
        combo: 0,
        back_to_back: 1,
    };
    assert_eq!(AttackTable::Ppt.attack(ppt.clear, after_a_tetris), 1);
    let single = Clear {
        spin: Spin::None,
        ..ppt.clear
    };
    assert_eq!(AttackTable::Ppt.attack(single, after_a_tetris), 0);

    // A mini double is worth 1 under both tables.
    let clear = Clear {
        lines: 2,
        spin: Spin::Mini,
        perfect: false,
    };
    for attack in [AttackTable::Ppt, AttackTable::Tetrio] {
        assert_eq!(attack.attack(clear, Streaks::default()), 1);
    }
}

#[test]
fn back_to_back_tetrises_add_a_row_or_a_growing_chain() {
    // Sixteen rows full but for column 9 over a row that keeps column 9 filled: four tetrises,
    // with an O on the left between them, clearing nothing and keeping the chain.
    let mut rows = vec!["#########."; 16];
    rows.push("##.#######");
    for (attack, expected) in [
        // PPT: 4, then 4 + 1 for each tetris after another.
        (AttackTable::Ppt, [4, 5, 5, 5]),
        // TETR.IO: with k tetrises before, 4 + floor(1 + l) + (k > 1: (1 + frac(l)) / 3) where
        // l = ln(1 + 0.8 k): k = 1 gives 5; k = 2, l = 0.956, 4 + 1 + 0.652 gives 5; k = 3,
        // l = 1.224, 4 + 2 + 0.408 gives 6.
        (AttackTable::Tetrio, [4, 5, 5, 6]),
    ] {
        let rules = table(attack);
        let mut board = picture(&rows);
        let mut fighter = Fighter::new(10, 0);
        let mut sent = Vec::new();
        for k in 0..4u32 {
            let i = dropped(&board, Piece::I, (9, 1));
            let tetris = play(&mut fighter, &mut board, &i, 0, &rules);
            assert_eq!(tetris.clear.lines, 4);
            sent.push(tetris.attack);
            assert_eq!(fighter.streaks().back_to_back, k + 1);
            let o = dropped(&board, Piece::O, (0, board.column_height(0) as i32));
            assert_eq!(play(&mut fighter, &mut board, &o, 0, &rules).attack, 0);
            assert_eq!(fighter.streaks().combo, 0);
        }
        assert_eq!(sent, expected, "{attack:?}");
    }

    // An easy clear ends the chain; a placement that clears nothing does not.
    let tetris = Clear {
        lines: 4,
        spin: Spin::None,
        perfect: false,
    };
    let single = Clear { lines: 1, ..tetris };
    let nothing = Clear { lines: 0, ..tetris };
    let chained = Streaks::default().after(tetris).after(nothing);
    assert_eq!(chained.back_to_back, 1);
    assert_eq!(AttackTable::Ppt.attack(tetris, chained), 5);
    let broken = chained.after(single);
    assert_eq!(broken.back_to_back, 0);
    assert_eq!(AttackTable::Ppt.attack(tetris, broken), 4);
}

#[test]
fn combos_from_1_to_12_follow_each_table() {
    // 26 rows full but for columns 8 and 9 over a row filled there: each O dropped into the
    // well clears two rows, thirteen doubles in a row, combos 0 to 12.
    let mut rows = vec!["########.."; 26];
    rows.push("#######.##");
    // PPT: 1 for the double plus the combo table [0,0,1,1,2,2,3,3,4,4,4,5], its last entry
    // from then on.
    let ppt = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6];
    // TETR.IO: 1 x (1 + 0.25 c), at least ln(1 + 1.25 c) from c = 2 (never more here),
    // rounded down: c = 0..3 give 1, 4..7 give 2, 8..11 give 3, 12 gives 4.
    let tetrio = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4];
    for (attack, expected) in [(AttackTable::Ppt, ppt), (AttackTable::Tetrio, tetrio)] {
        let rules = table(attack);
        let mut board = picture(&rows);
        let mut fighter = Fighter::new(10, 0);
        let mut sent = Vec::new();
        for combo in 0..13u32 {
            assert_eq!(fighter.streaks().combo, combo);
            let o = dropped(&board, Piece::O, (9, 1));
            let double = play(&mut fighter, &mut board, &o, 0, &rules);
            assert_eq!(double.clear.lines, 2);
            sent.push(double.attack);
        }
        assert_eq!(sent, expected, "{attack:?}");
        assert_eq!(board, picture(&["#######.##"]));
    }
    // With nothing to multiply, TETR.IO's combo still sends its logarithm: a single (0) at
    // c = 6 sends floor(ln(1 + 7.5)) = 2; at c = 2, floor(ln 3.5) = 1.
    let single = Clear {
        lines: 1,
        spin: Spin::None,
        perfect: false,
    };
    let after = |combo| Streaks {
        combo,
        back_to_back: 0,
    };
    assert_eq!(AttackTable::Tetrio.attack(single, after(6)), 2);
    assert_eq!(AttackTable::Tetrio.attack(single, after(2)), 1);
    assert_eq!(AttackTable::Tetrio.attack(single, after(1)), 0);
}

#[test]
fn a_perfect_clear_sends_10_in_place_or_on_top() {
    let board = picture(&["#########."; 4]);
    let i = dropped(&board, Piece::I, (9, 0));
    let (ppt, tetrio) = attack_of(&board, &i);
    assert!(ppt.clear.perfect);
    // PPT: 10 in place of the tetris's 4; TETR.IO: 4 + 10.
    assert_eq!((ppt.attack, tetrio), (10, 14));
}

#[test]
fn garbage_rows_push_the_stack_up_each_with_its_hole() {
    let mut board = Board::from_picture(4, 6, &["#...", "##.#"]).unwrap();
    assert!(!board.push_garbage(&[1, 3]));
    let expected = Board::from_picture(4, 6, &["#...", "##.#", "#.##", "###."]).unwrap();
    assert_eq!(board, expected);
    // A 4 x 4 board holds 4 + 8 rows; a stack 11 high pushed up 2 loses its top row.
    let mut tall = Board::new(4, 4).unwrap();
    assert!(!tall.push_garbage(&[0; 11]));
    assert!(tall.push_garbage(&[0, 0]));
    assert_eq!(tall.max_height(), 12);
    // More rows than the board holds fill it all and top out.
    let mut flooded = Board::new(4, 4).unwrap();
    assert!(flooded.push_garbage(&[2; 100]));
    assert_eq!(flooded.cell_count(), 3 * 12);
}

#[test]
fn each_attack_moves_the_hole_and_messiness_moves_it_within_one() {
    let clean = GarbageRules {
        messiness: 0.0,
        ..GarbageRules::PPT
    };
    let mut garbage = Garbage::new(10, 7);
    garbage.receive(3, 0);
    garbage.receive(2, 0);
    let holes = garbage.enter(0, &clean);
    assert_eq!(holes.len(), 5);
    assert!(holes[..3].iter().all(|&h| h == holes[0]), "{holes:?}");
    assert!(holes[3..].iter().all(|&h| h == holes[3]), "{holes:?}");
    assert_ne!(holes[0], holes[3], "a new attack moves the hole");
    assert!(holes.iter().all(|&h| h < 10));

    // Messiness 1: every row's hole differs from the row above's.
    let messy = GarbageRules {
        messiness: 1.0,
        ..GarbageRules::PPT
    };
    let mut garbage = Garbage::new(10, 7);
    garbage.receive(50, 0);
    let holes = garbage.enter(0, &messy);
    assert!(holes.windows(2).all(|w| w[0] != w[1]), "{holes:?}");

    // Messiness 0.3: within one attack of 20,000 rows, 19,999 rows may move, each with
    // probability 0.3: 5,999.7 expected, standard deviation 64.8; five of them either side.
    let mut garbage = Garbage::new(10, 11);
    garbage.receive(20_000, 0);
    let holes = garbage.enter(0, &GarbageRules::PPT);
    let moved = holes.windows(2).filter(|w| w[0] != w[1]).count();
    assert!((5_676..=6_324).contains(&moved), "{moved}");
    // Every other column as likely: 10 columns, about 2,000 rows each.
    for column in 0..10 {
        let rows = holes.iter().filter(|&&h| h == column).count();
        assert!((1_000..=3_000).contains(&rows), "column {column}: {rows}");
    }

    // The same seed gives the same holes; another seed others.
    let holes_of = |seed| {
        let mut garbage = Garbage::new(10, seed);
        garbage.receive(30, 0);
        garbage.enter(0, &GarbageRules::PPT)
    };
    assert_eq!(holes_of(5), holes_of(5));
    assert_ne!(holes_of(5), holes_of(6));
}

#[test]
fn attack_cancels_incoming_garbage_before_it_enters() {
    let rules = table(AttackTable::Ppt);
    // Five rows due at time 1; a tetris at time 0 cancels four of them and sends nothing.
    let mut fighter = Fighter::new(10, 3);
    fighter.receive(2, 1);
    fighter.receive(3, 1);
    let mut board = picture(&["#########."; 4]);
    board.set(0, 4); // no perfect clear
    let i = dropped(&board, Piece::I, (9, 0));
    let tetris = play(&mut fighter, &mut board, &i, 0, &rules);
    assert_eq!(
        (
            tetris.attack,
            tetris.cancelled,
            tetris.sent,
            tetris.received
        ),
        (4, 4, 0, 0)
    );
    assert_eq!(fighter.garbage().pending(), 1);
    // Not due at time 0; at time 1 the last row enters under the next placement.
    assert_eq!(fighter.garbage().due(0), 0);
    let o = dropped(&board, Piece::O, (4, 0));
    let next = play(&mut fighter, &mut board, &o, 1, &rules);
    assert_eq!((next.attack, next.received), (0, 1));
    assert_eq!(board.row(0).count_ones(), 9, "one garbage row, one hole");
    assert_eq!(fighter.garbage().pending(), 0);

    // An attack larger than what waits sends the rest.
    let mut fighter = Fighter::new(10, 3);
    fighter.receive(1, 5);
    let mut board = picture(&["#########."; 4]);
    board.set(0, 4);
    let i = dropped(&board, Piece::I, (9, 0));
    let tetris = play(&mut fighter, &mut board, &i, 0, &rules);
    assert_eq!((tetris.cancelled, tetris.sent), (1, 3));
}

#[test]
fn the_cap_and_blocking_hold_garbage_back() {
    // TETR.IO: at most 8 rows per placement, and none after a placement that clears lines.
    let rules = VersusPreset::Tetrio.rules();
    let full = 0b11_1111_1111;
    let mut fighter = Fighter::new(10, 9);
    fighter.receive(10, 0);
    let mut board = Board::new(10, 20).unwrap();
    let o = dropped(&board, Piece::O, (0, 0));
    let first = play(&mut fighter, &mut board, &o, 0, &rules);
    assert_eq!(first.received, 8);
    assert_eq!(fighter.garbage().pending(), 2);
    // Rows 0 to 7 are one attack's garbage, one hole (messiness 0); the O rose to rows 8, 9.
    let hole = (0..10).find(|&x| !board.filled(x, 0)).unwrap();
    assert!((0..8).all(|y| board.row(y) == full ^ (1 << hole)));
    assert!(board.filled(0, 8) && board.filled(1, 9));
    // The 2 rows left enter under the next placement, with the same hole.
    let x = [2, 4, 6]
        .into_iter()
        .find(|&x| hole != x && hole != x + 1)
        .unwrap();
    let o = dropped(&board, Piece::O, (x as i32, 8));
    let next = play(&mut fighter, &mut board, &o, 1, &rules);
    assert_eq!(next.received, 2);
    assert!((0..10).all(|y| board.row(y) == full ^ (1 << hole)));

    // A single holds TETR.IO's garbage back, not PPT's.
    for (rules, received, pending) in [(rules, 0, 3), (table(AttackTable::Ppt), 3, 0)] {
        let mut board = picture(&["#########."]);
        let mut fighter = Fighter::new(10, 9);
        fighter.receive(3, 0);
        let i = dropped(&board, Piece::I, (9, 0));
        let single = play(&mut fighter, &mut board, &i, 0, &rules);
        assert_eq!((single.clear.lines, single.received), (1, received));
        assert_eq!(fighter.garbage().pending(), pending);
    }
}

#[test]
fn garbage_that_pushes_the_stack_past_the_buffer_tops_out() {
    // 10 x 20 holds 28 rows; a stack 25 high plus 4 rows of garbage loses its top.
    let rules = table(AttackTable::Ppt);
    let mut board = Board::new(10, 20).unwrap();
    for y in 0..25 {
        board.set(0, y);
    }
    let mut fighter = Fighter::new(10, 1);
    fighter.receive(4, 0);
    let o = dropped(&board, Piece::O, (5, 0));
    let placed = play(&mut fighter, &mut board, &o, 0, &rules);
    assert!(placed.topped_out);
    assert_eq!(placed.received, 4);
}

#[test]
fn versus_rules_are_chosen_by_name_and_checked() {
    assert_eq!(
        "tetrio".parse::<VersusPreset>().unwrap(),
        VersusPreset::Tetrio
    );
    assert_eq!(
        "ppt2".parse::<VersusPreset>().unwrap_err().to_string(),
        "unknown versus rules \"ppt2\" (expected \"ppt\" or \"tetrio\")"
    );
    let mut rules = VersusRules::default();
    assert_eq!(rules, VersusPreset::Ppt.rules());
    rules.garbage.messiness = 1.5;
    assert_eq!(
        rules.validate().unwrap_err().to_string(),
        "garbage messiness must be a number from 0 to 1, got 1.5"
    );
    rules.garbage.messiness = f64::NAN;
    assert!(rules.validate().is_err());
    rules.garbage.messiness = 0.0;
    rules.garbage.cap = Some(0);
    assert!(rules.validate().is_err());
}
