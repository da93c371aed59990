//! The threaded build's allocator: the standard one (a single heap that every thread of the
//! pool shares), with every block on cache lines of its own. Blocks that two threads write, one
//! each (a game's buffers while another thread plays another game, each thread's search tables),
//! then never share a line, so neither thread's writes evict the line the other is using.

use std::alloc::{GlobalAlloc, Layout, System};

/// The cache line size the blocks are aligned to and padded to.
const LINE: usize = 64;

/// The standard allocator with blocks aligned and padded to whole cache lines.
pub struct CacheLines;

/// `layout` widened to whole cache lines; `None` when that is too large to allocate.
fn padded(layout: Layout) -> Option<Layout> {
    Layout::from_size_align(
        layout.size().next_multiple_of(LINE),
        layout.align().max(LINE),
    )
    .ok()
}

// SAFETY: each call forwards to `System` with the padded layout; a block is only released or
// resized with the layout it was allocated with, whose padding was possible then and is the
// same now.
unsafe impl GlobalAlloc for CacheLines {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match padded(layout) {
            // SAFETY: the padded layout has a non-zero size.
            Some(padded) => unsafe { System.alloc(padded) },
            None => std::ptr::null_mut(),
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match padded(layout) {
            // SAFETY: as for `alloc`.
            Some(padded) => unsafe { System.alloc_zeroed(padded) },
            None => std::ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if let Some(padded) = padded(layout) {
            // SAFETY: `ptr` was allocated by `alloc` with this padded layout.
            unsafe { System.dealloc(ptr, padded) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let grown = Layout::from_size_align(new_size, layout.align()).ok();
        match (padded(layout), grown.and_then(padded)) {
            // SAFETY: `ptr` was allocated with `old`; the new block keeps its alignment.
            (Some(old), Some(new)) => unsafe { System.realloc(ptr, old, new.size()) },
            _ => std::ptr::null_mut(),
        }
    }
}
