//! The bound on how many cases run at once: one count of slots, shared by every grading that
//! takes from it, so that a class grading two submissions side by side still runs no more
//! cases at a time than there are cores.

use std::sync::{Arc, Condvar, Mutex};
use std::thread;

use crate::mutex::lock;

/// Slots for cases to run in. Clones share the same slots.
#[derive(Clone, Debug)]
pub struct Slots(Arc<Free>);

/// How many slots are free, and the signal that one was given back.
#[derive(Debug)]
struct Free {
    count: Mutex<usize>,
    given_back: Condvar,
}

impl Slots {
    /// `count` slots (at least one).
    #[must_use]
    pub fn new(count: usize) -> Slots {
        Slots(Arc::new(Free {
            count: Mutex::new(count.max(1)),
            given_back: Condvar::new(),
        }))
    }

    /// As many slots as there are cores.
    #[must_use]
    pub fn per_core() -> Slots {
        Slots::new(thread::available_parallelism().map_or(1, usize::from))
    }

    /// A slot, once one is free; it is given back when dropped.
    pub fn take(&self) -> Slot<'_> {
        let mut free = lock(&self.0.count);
        while *free == 0 {
            free = self
                .0
                .given_back
                .wait(free)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        *free -= 1;
        Slot(&self.0)
    }
}

impl Default for Slots {
    fn default() -> Slots {
        Slots::per_core()
    }
}

/// One slot, held while a case runs.
#[must_use = "the slot is given back as soon as it is dropped"]
pub struct Slot<'a>(&'a Free);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *lock(&self.0.count) += 1;
        self.0.given_back.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[test]
    fn no_more_hold_a_slot_at_once_than_there_are_slots() {
        let slots = Slots::new(2);
        let holding = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        thread::scope(|scope| {
            for _ in 0..6 {
                scope.spawn(|| {
                    for _ in 0..5 {
                        let _slot = slots.take();
                        let now = holding.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        thread::sleep(Duration::from_millis(1));
                        holding.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(most.into_inner(), 2);
    }

    #[test]
    fn clones_share_their_slots() {
        let slots = Slots::new(1);
        let other = slots.clone();
        let slot = slots.take();
        thread::scope(|scope| {
            let waiting = scope.spawn(|| {
                let _slot = other.take();
            });
            thread::sleep(Duration::from_millis(20));
            assert!(
                !waiting.is_finished(),
                "a clone took a slot its original holds"
            );
            drop(slot);
            waiting.join().expect("no panic");
        });
    }
}
