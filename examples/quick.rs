use tetris_ai::*;
fn main() {
    for (rules, depth) in [(Rules::classic(), 1), (Rules::guideline(), 1), (Rules::guideline(), 2)] {
        let t = std::time::Instant::now();
        let mut g = Game::new(GameConfig { rules, width: 10, height: 20, seed: 1, search: SearchConfig { depth, ..Default::default() }, ..Default::default() }).unwrap();
        let s = g.play(Some(20000));
        println!("{:?} depth {depth}: {:?} in {:?}", rules.kind, s, t.elapsed());
    }
    let t = std::time::Instant::now();
    let mut g = Game::new(GameConfig { width: 10, height: 10, seed: 3, ..Default::default() }).unwrap();
    println!("10x10 classic dellacherie {:?} {:?}", g.play(None), t.elapsed());
}
