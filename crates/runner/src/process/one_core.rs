//! Keeping a conversation on one core: the grader's relaying thread, the program and its
//! partner take turns, so on one core each message is a switch from one to the next, where
//! across cores it is a wake-up of a core gone idle, which on a virtual machine costs more than
//! the message (a relay between two programs on two cores of the machine measured was three
//! times slower than on one).
//!
//! The thread that starts the two is held to one core, which the processes it starts inherit,
//! and let go again when the conversation ends. Conversations held at once take the cores in
//! turn. A program may widen its own set of cores; nothing counts on it staying.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The core the next conversation is held to, counted over the cores the grader may use.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The calling thread held to one core until this is dropped.
pub struct OneCore {
    /// The cores the thread could use before, given back on drop.
    #[cfg(target_os = "linux")]
    before: Option<libc::cpu_set_t>,
}

impl OneCore {
    /// Holds the calling thread, and what it starts from now on, to one of the cores it may use;
    /// where the system cannot say which it may use, or set them, nothing changes.
    #[must_use]
    pub fn hold() -> OneCore {
        #[cfg(target_os = "linux")]
        {
            let before = cores().filter(|cores| count(cores) > 1);
            let held = before.as_ref().is_some_and(|cores| {
                let nth = NEXT.fetch_add(1, Ordering::Relaxed) % count(cores);
                let core = (0..libc::CPU_SETSIZE as usize)
                    .filter(|&core| is_set(cores, core))
                    .nth(nth);
                core.is_some_and(|core| set_cores(&only(core)))
            });
            OneCore {
                before: before.filter(|_| held),
            }
        }
        #[cfg(not(target_os = "linux"))]
        OneCore {}
    }
}

impl Drop for OneCore {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(before) = &self.before {
            set_cores(before);
        }
    }
}

/// The cores the calling thread may use.
#[cfg(target_os = "linux")]
fn cores() -> Option<libc::cpu_set_t> {
    // SAFETY: an all-zero cpu_set_t is an empty set.
    #[allow(unsafe_code)]
    let mut cores: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: sched_getaffinity writes at most the given size of bytes to the set, which is ours;
    // pid 0 is the calling thread.
    #[allow(unsafe_code)]
    let asked = unsafe { libc::sched_getaffinity(0, size_of::<libc::cpu_set_t>(), &raw mut cores) };
    (asked == 0).then_some(cores)
}

/// Holds the calling thread to `cores`; returns whether it could.
#[cfg(target_os = "linux")]
fn set_cores(cores: &libc::cpu_set_t) -> bool {
    // SAFETY: sched_setaffinity reads the set, of the given size, which is borrowed for the
    // call; pid 0 is the calling thread.
    #[allow(unsafe_code)]
    let set = unsafe { libc::sched_setaffinity(0, size_of::<libc::cpu_set_t>(), cores) };
    set == 0
}

/// The set of one core.
#[cfg(target_os = "linux")]
fn only(core: usize) -> libc::cpu_set_t {
    // SAFETY: an all-zero cpu_set_t is an empty set; CPU_SET writes the bit of `core`, which
    // is below CPU_SETSIZE, as it comes from a set.
    #[allow(unsafe_code)]
    unsafe {
        let mut cores: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut cores);
        cores
    }
}

#[cfg(target_os = "linux")]
fn is_set(cores: &libc::cpu_set_t, core: usize) -> bool {
    // SAFETY: CPU_ISSET reads one bit of the set, `core` being below CPU_SETSIZE.
    #[allow(unsafe_code)]
    unsafe {
        libc::CPU_ISSET(core, cores)
    }
}

#[cfg(target_os = "linux")]
fn count(cores: &libc::cpu_set_t) -> usize {
    // SAFETY: CPU_COUNT reads the set.
    #[allow(unsafe_code)]
    let count = unsafe { libc::CPU_COUNT(cores) };
    usize::try_from(count).unwrap_or(0)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_thread_is_held_to_one_core_and_let_go_after() {
        std::thread::spawn(|| {
            let before = cores().expect("the cores of a thread");
            {
                let _held = OneCore::hold();
                let now = cores().expect("the cores of a thread");
                let expected = if count(&before) > 1 {
                    1
                } else {
                    count(&before)
                };
                assert_eq!(count(&now), expected);
            }
            let after = cores().expect("the cores of a thread");
            assert_eq!(count(&after), count(&before));
        })
        .join()
        .expect("the thread ends");
    }
}
