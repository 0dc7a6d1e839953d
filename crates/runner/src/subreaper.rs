//! Whether this process made itself the subreaper of what it starts, as a grader does: a leaf,
//! read by the reaper, which hunts escapees only then, and by the guard, started only then, so
//! that the guard does not import the reaper, which tells it of each case.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether this process made itself the subreaper: only then are its unregistered children
/// escapees of its cases.
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Notes that this process has made itself the subreaper of what it starts.
pub(crate) fn set() {
    SUBREAPER.store(true, Ordering::SeqCst);
}

/// Whether this process made itself the subreaper of its cases, as a grader does.
pub(crate) fn is_subreaper() -> bool {
    SUBREAPER.load(Ordering::SeqCst)
}
