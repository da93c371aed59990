//! A long classic game runs in constant memory: the bytes held live do not grow with the
//! number of pieces played.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tetris_ai_core::{Game, GameConfig};

/// Counts the bytes each thread holds, so that the test harness's own threads do not count.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    // `try_with`: allocations made while this thread's storage is being torn down are not counted.
    let _ = LIVE.try_with(|live| live.set(live.get() + bytes));
}

fn live() -> isize {
    LIVE.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_long_classic_game_holds_no_more_memory_as_it_goes() {
    let mut game = Game::new(GameConfig::default()).unwrap();
    game.play(Some(1_000));
    let warm = live();
    game.play(Some(100_000));
    let stats = game.stats();
    assert!(!stats.game_over, "the game should last: {stats:?}");
    assert_eq!(stats.pieces, 100_000);
    assert_eq!(live(), warm, "live bytes grew during play");
}
