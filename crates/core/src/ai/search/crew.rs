//! Sharing one decision's tasks with the rayon pool's other threads, which stay awake between
//! decisions for a while.
//!
//! A decision under guideline rules searches for a tenth of a millisecond or less, about what
//! a sleeping pool thread takes to wake, so a pool that falls asleep between decisions joins
//! each one late. The crew's helpers are pool jobs that, once a batch of tasks is done, watch
//! for the next one instead of returning to the pool; a helper that sees none for a while
//! leaves, and the next batch spawns it again. The calling thread never waits for a helper to
//! arrive: it starts at once, takes tasks like the helpers, and waits at the end only for tasks
//! a helper has begun.

use std::hint::spin_loop;
use std::sync::Arc;
use std::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering::SeqCst};

/// How many times an idle helper looks for a batch before it leaves: about a millisecond
/// natively, a fraction of one in WebAssembly.
const IDLE_LOOKS: u32 = 1 << 15;

/// A batch's task, as the calling thread lends it.
type Task<'a> = &'a (dyn Fn(usize) + Sync);

/// Helpers for the batches of one search, kept from decision to decision.
#[derive(Default)]
pub(super) struct Crew {
    shared: Arc<Shared>,
}

/// What the calling thread and its helpers share.
#[derive(Default)]
struct Shared {
    /// The batch's number, twice over: odd while the batch is open to helpers.
    batch: AtomicU64,
    /// Helpers inside the open batch, who may be running its task.
    inside: AtomicUsize,
    /// Helpers spawned that have not left.
    awake: AtomicUsize,
    /// The open batch's task: a pointer to a [`Task`] on the calling thread's stack.
    task: AtomicPtr<()>,
    /// The open batch's number of tasks.
    count: AtomicUsize,
    /// The open batch's next task not yet taken.
    next: AtomicUsize,
}

impl Crew {
    /// Runs `task(0)` to `task(count - 1)` on this thread and up to `helpers` others of the
    /// current rayon pool, each taking the next task not yet taken, and returns once every task
    /// is done.
    pub(super) fn run(&self, count: usize, helpers: usize, task: impl Fn(usize) + Sync) {
        let shared = &self.shared;
        let task: Task = &task;
        shared
            .task
            .store((&task as *const Task).cast_mut().cast(), SeqCst);
        shared.count.store(count, SeqCst);
        shared.next.store(0, SeqCst);
        shared.batch.fetch_add(1, SeqCst);
        let wanted = helpers.min(count.saturating_sub(1));
        while shared.awake.load(SeqCst) < wanted {
            shared.awake.fetch_add(1, SeqCst);
            let shared = Arc::clone(shared);
            rayon::spawn(move || shared.help());
        }
        shared.take_tasks(count, task);
        // Closed: a helper that has not yet come inside stays out; the task is lent until every
        // helper inside has left.
        shared.batch.fetch_add(1, SeqCst);
        while shared.inside.load(SeqCst) != 0 {
            spin_loop();
        }
    }
}

impl Shared {
    /// Runs tasks of the open batch until none is left.
    fn take_tasks(&self, count: usize, task: Task) {
        loop {
            let index = self.next.fetch_add(1, SeqCst);
            if index >= count {
                return;
            }
            task(index);
        }
    }

    /// A helper's life: joins each batch it sees open, until it has seen none for a while.
    fn help(&self) {
        let mut joined = 0;
        let mut idle = 0;
        while idle < IDLE_LOOKS {
            let batch = self.batch.load(SeqCst);
            if batch & 1 == 0 || batch == joined {
                idle += 1;
                spin_loop();
                continue;
            }
            idle = 0;
            joined = batch;
            self.inside.fetch_add(1, SeqCst);
            // Still the same batch, so its thread waits for this helper to leave before the
            // task it lent goes out of scope.
            if self.batch.load(SeqCst) == batch {
                let task = self.task.load(SeqCst).cast::<Task>();
                // SAFETY: `task` points to the open batch's `Task`, which `Crew::run` keeps alive
                // until `inside` is back to 0: it closes the batch, then waits. This helper
                // counted itself inside before it saw the batch still open, so that wait
                // includes it (every access is sequentially consistent).
                let task = unsafe { *task };
                self.take_tasks(self.count.load(SeqCst), task);
            }
            self.inside.fetch_sub(1, SeqCst);
        }
        self.awake.fetch_sub(1, SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A pool of `threads` threads.
    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn every_task_of_every_batch_runs_once() {
        let crew = Crew::default();
        pool(3).install(|| {
            for count in (0..400).map(|batch| batch % 23) {
                let runs: Vec<AtomicUsize> = (0..count).map(|_| AtomicUsize::new(0)).collect();
                crew.run(count, 2, |task| {
                    runs[task].fetch_add(1, SeqCst);
                });
                assert!(
                    runs.iter().all(|runs| runs.load(SeqCst) == 1),
                    "{count} tasks"
                );
            }
        });
    }

    #[test]
    fn a_helper_takes_tasks_while_the_caller_is_busy() {
        let crew = Crew::default();
        let started = AtomicUsize::new(0);
        let helped = pool(2).install(|| {
            let deadline = Instant::now() + Duration::from_secs(20);
            crew.run(2, 1, |_| {
                started.fetch_add(1, SeqCst);
                // Whichever thread takes a task first waits here for the other's.
                while started.load(SeqCst) < 2 && Instant::now() < deadline {
                    spin_loop();
                }
            });
            started.load(SeqCst) == 2
        });
        assert!(helped);
    }

    #[test]
    fn with_no_helpers_the_caller_runs_every_task() {
        let crew = Crew::default();
        let caller = std::thread::current().id();
        let elsewhere = AtomicUsize::new(0);
        crew.run(50, 0, |_| {
            if std::thread::current().id() != caller {
                elsewhere.fetch_add(1, SeqCst);
            }
        });
        assert_eq!(elsewhere.load(SeqCst), 0);
        assert_eq!(crew.shared.awake.load(SeqCst), 0);
    }
}
