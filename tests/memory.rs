//! A long classic game runs in constant memory: the bytes held live do not grow with the
//! number of pieces played.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use tetris_ai::{Game, GameConfig};

struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_long_classic_game_holds_no_more_memory_as_it_goes() {
    let mut game = Game::new(GameConfig::default()).unwrap();
    game.play(Some(1_000));
    let warm = LIVE.load(Ordering::Relaxed);
    game.play(Some(100_000));
    let stats = game.stats();
    assert!(!stats.game_over, "the game should last: {stats:?}");
    assert_eq!(stats.pieces, 100_000);
    assert_eq!(
        LIVE.load(Ordering::Relaxed),
        warm,
        "live bytes grew during play"
    );
}
