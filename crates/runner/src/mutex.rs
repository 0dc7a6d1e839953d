//! The one way the runner's threads lock what they share: a leaf below every module that keeps
//! a list or a queue, so that none of them imports the crate's root for it.

/// What `mutex` guards, whether or not a thread panicked holding it: the lists and queues the
/// runner's threads share stay usable, and the panic is reported where it happened.
pub fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
