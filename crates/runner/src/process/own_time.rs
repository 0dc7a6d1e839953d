//! A case's own time: its time on the clock less the time its processes waited for a CPU, which
//! bounds a program that sleeps without stopping one that a busy machine slows down (the rule
//! is in the docs of [`super`]).

use std::collections::HashMap;
use std::fs;
use std::io;
use std::time::{Duration, Instant};

use super::proc_files;
use crate::cgroup::CaseGroup;

/// How often the waiting is read, at most, unless the own time may have reached its limit since
/// the last look: each look reads a file of each thread.
const LOOK: Duration = Duration::from_millis(25);

/// The own time of one case.
#[derive(Debug)]
pub(super) struct OwnTime {
    /// When its program was started: the grader's work before is not its own.
    began: Instant,
    way: Way,
    /// The time it waited for a CPU up to the last look, and when that look was.
    waited: Duration,
    looked: Instant,
}

/// Where the time a case waited for a CPU is read.
#[derive(Debug)]
enum Way {
    /// Its control group's `cpu.pressure`, which had counted this much when it began.
    Pressure(Duration),
    /// Each of its threads' `schedstat`.
    Threads(Waits),
    /// Nowhere: this system does not show it, or `/proc` hides its threads.
    Unseen,
}

impl OwnTime {
    /// The own time of a case whose program was started at `began`, as process `leader`, in
    /// `group` if it has one.
    pub(super) fn new(began: Instant, leader: u32, group: Option<&CaseGroup>) -> OwnTime {
        // Not reaped yet, so shown even if it has ended, unless `/proc` hides it.
        let leaders = fs::read_to_string(format!("/proc/{leader}/task/{leader}/schedstat"));
        let way = if let Some(before) = group.and_then(CaseGroup::cpu_waited) {
            Way::Pressure(before)
        } else if leaders.ok().and_then(|text| run_delay(&text)).is_some() {
            Way::Threads(Waits::default())
        } else {
            Way::Unseen
        };
        OwnTime {
            began,
            way,
            waited: Duration::ZERO,
            looked: began,
        }
    }

    /// Whether its waiting for a CPU can be read (so far).
    pub(super) fn is_measured(&self) -> bool {
        !matches!(self.way, Way::Unseen)
    }

    /// When its program was started.
    pub(super) fn began(&self) -> Instant {
        self.began
    }

    /// Its own time at the last look, `None` where it is not known.
    pub(super) fn own(&self) -> Option<Duration> {
        self.is_measured().then(|| {
            self.looked
                .saturating_duration_since(self.began)
                .saturating_sub(self.waited)
        })
    }

    /// The time it waited for a CPU up to the last look, `None` where it is not known.
    pub(super) fn waited(&self) -> Option<Duration> {
        self.is_measured().then_some(self.waited)
    }

    /// Its own time now, looking again at `group`'s waiting, or at the threads of `members`
    /// (its processes, `None` where they cannot be listed), if the last look is [`LOOK`] old or
    /// if it may have reached `limit` since. `None` where it cannot be known.
    pub(super) fn look(
        &mut self,
        limit: Duration,
        group: Option<&CaseGroup>,
        members: impl FnOnce() -> Option<Vec<u32>>,
    ) -> Option<Duration> {
        let now = Instant::now();
        // What it would be had it waited for nothing since the last look.
        let at_most = now
            .saturating_duration_since(self.began)
            .saturating_sub(self.waited);
        if now < self.looked + LOOK && at_most < limit {
            return self.own();
        }
        let elapsed = now.saturating_duration_since(self.began);
        let waited = match &mut self.way {
            Way::Unseen => None,
            Way::Pressure(before) => group
                .and_then(CaseGroup::cpu_waited)
                .map(|total| total.saturating_sub(*before).min(elapsed)),
            Way::Threads(waits) => match members().map(|pids| threads(&pids)) {
                // None left: the run ends with its leader, reaped since. Its own time stays
                // what it was at the last look.
                Some(Ok(threads)) if threads.is_empty() => return self.own(),
                Some(Ok(threads)) => Some(waits.add(
                    &threads,
                    elapsed,
                    now.saturating_duration_since(self.looked),
                )),
                // Its processes cannot be listed, or `/proc` hides a thread.
                None | Some(Err(_)) => None,
            },
        };
        match waited {
            Some(waited) => {
                self.waited = waited;
                self.looked = now;
            }
            None => self.way = Way::Unseen,
        }
        self.own()
    }
}

/// An estimate of the time the threads of a case waited for a CPU, from looks at each one's
/// total wait. Each look adds what its threads were charged since the last, added up but held
/// to the time between the looks, or the largest wait any one thread was charged if more:
/// threads that wait one after the other (a process, then the child it waits for) count each,
/// and many threads waiting at once count no more than the time they could have waited. Where
/// threads wait at once for part of a look, the estimate counts more than was waited: the own
/// time it leaves is less, never more, than the case's. The kernel charges a wait when it ends, so
/// one that spans looks is charged whole at the look after it ends: the total, not each look's
/// share, is held to the time elapsed. A thread that ends between looks loses its wait since
/// the last.
#[derive(Debug, Default)]
struct Waits {
    /// Each thread's total wait at the last look, by its id.
    seen: HashMap<u32, Duration>,
    /// The estimate so far.
    total: Duration,
}

impl Waits {
    /// Adds a look at `threads` (each one's id and total wait), `elapsed` after the case began
    /// and `since` after the last look; returns the estimate.
    fn add(&mut self, threads: &[(u32, Duration)], elapsed: Duration, since: Duration) -> Duration {
        let (mut most, mut all) = (Duration::ZERO, Duration::ZERO);
        let mut seen = HashMap::with_capacity(threads.len());
        for &(thread, waited) in threads {
            // A thread not seen before started since the last look (or was found late), with
            // nothing waited before it started; one whose total went down is another thread
            // given the same id.
            let before = self
                .seen
                .get(&thread)
                .copied()
                .filter(|&before| before <= waited)
                .unwrap_or_default();
            most = most.max(waited - before);
            all += waited - before;
            seen.insert(thread, waited);
        }
        self.seen = seen;
        self.total = (self.total + most.max(all.min(since))).min(elapsed);
        self.total
    }
}

/// Each thread of the processes `pids` with the time it has waited for a CPU, those that have
/// ended since left out.
///
/// # Errors
///
/// Where `/proc` does not let a thread's wait be read.
fn threads(pids: &[u32]) -> io::Result<Vec<(u32, Duration)>> {
    let mut threads = Vec::new();
    for pid in pids {
        let tasks = match fs::read_dir(format!("/proc/{pid}/task")) {
            Ok(tasks) => tasks,
            Err(error) if proc_files::gone(&error) => continue,
            Err(error) => return Err(error),
        };
        let ids = tasks.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok());
        for thread in ids {
            match fs::read_to_string(format!("/proc/{pid}/task/{thread}/schedstat")) {
                Ok(text) => {
                    let waited = run_delay(&text).ok_or_else(|| {
                        io::Error::new(io::ErrorKind::InvalidData, "a schedstat unread")
                    })?;
                    threads.push((thread, waited));
                }
                Err(error) if proc_files::gone(&error) => {}
                Err(error) => return Err(error),
            }
        }
    }
    Ok(threads)
}

/// Whether some thread of the processes `pids` is awake: ready to run (state `R`: on a CPU, or
/// in a run queue waiting for one) or in an uninterruptible wait (`D`: a read from a disk, a
/// page of its program brought in). A thread's wait for a CPU is charged to it only when the
/// wait ends, and a wait on a disk that other work keeps busy is not the program's choice
/// either; but a case that sleeps, the one its own time is there to stop, has no thread awake.
pub(super) fn any_awake(pids: &[u32]) -> bool {
    pids.iter().any(|pid| {
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            return false;
        };
        tasks.flatten().any(|task| {
            fs::read_to_string(task.path().join("stat"))
                .is_ok_and(|stat| matches!(proc_files::state(&stat), Some('R' | 'D')))
        })
    })
}

/// How long the calling thread has waited for a CPU since it started, where that can be read.
pub(super) fn grader_waited() -> Option<Duration> {
    run_delay(&fs::read_to_string("/proc/thread-self/schedstat").ok()?)
}

/// The second field of a `schedstat` (`<run time> <run delay> <time slices>`, in nanoseconds):
/// the time the thread has waited in a run queue.
fn run_delay(text: &str) -> Option<Duration> {
    let field = text.split_ascii_whitespace().nth(1)?;
    field.parse().ok().map(Duration::from_nanos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(milliseconds: u64) -> Duration {
        Duration::from_millis(milliseconds)
    }

    #[test]
    fn threads_that_wait_one_after_the_other_count_each() {
        let mut waits = Waits::default();
        // A process waited 10 ms, then the child it waited for 10 ms.
        assert_eq!(
            waits.add(&[(1, ms(10)), (2, ms(10))], ms(25), ms(25)),
            ms(20)
        );
        // The next look: the first waited 5 more, the second 15 more.
        assert_eq!(
            waits.add(&[(1, ms(15)), (2, ms(25))], ms(50), ms(25)),
            ms(40)
        );
    }

    #[test]
    fn threads_that_wait_at_once_count_no_more_than_the_time_between_looks() {
        let mut waits = Waits::default();
        let four = [(1, ms(20)), (2, ms(20)), (3, ms(20)), (4, ms(20))];
        assert_eq!(waits.add(&four, ms(25), ms(25)), ms(25));
        // One wait across the look, charged whole when it ended: more than the interval.
        assert_eq!(
            waits.add(&[(1, ms(60)), (2, ms(25))], ms(100), ms(25)),
            ms(65)
        );
    }

    #[test]
    fn a_thread_that_ended_loses_only_its_last_interval() {
        let mut waits = Waits::default();
        assert_eq!(waits.add(&[(1, ms(10))], ms(25), ms(25)), ms(10));
        // The first ended, having waited more since; a new one waited 5 since it started.
        assert_eq!(waits.add(&[(2, ms(5))], ms(50), ms(25)), ms(15));
        // An id given again, to a thread that waited less than the one before it.
        assert_eq!(waits.add(&[(2, ms(5)), (1, ms(2))], ms(75), ms(25)), ms(17));
    }

    #[test]
    fn the_total_is_held_to_the_time_elapsed_not_each_look_to_its_interval() {
        let mut waits = Waits::default();
        // More than the time elapsed: a wait cannot be longer than the run.
        assert_eq!(waits.add(&[(1, ms(40))], ms(30), ms(30)), ms(30));
        let mut waits = Waits::default();
        assert_eq!(waits.add(&[(1, ms(0))], ms(25), ms(25)), ms(0));
        assert_eq!(waits.add(&[(1, ms(0))], ms(50), ms(25)), ms(0));
        // One wait from 15 ms to 75 ms, charged when it ended: all of it counts.
        assert_eq!(waits.add(&[(1, ms(60))], ms(75), ms(25)), ms(60));
    }

    #[test]
    fn a_process_running_a_thread_is_awake() {
        // This process has a thread on a CPU now: the one running this test.
        assert!(any_awake(&[std::process::id()]));
        assert!(!any_awake(&[]));
    }

    #[test]
    fn reads_the_run_delay_of_a_schedstat() {
        assert_eq!(run_delay("52341 1500000 7\n"), Some(ms(1) + ms(1) / 2));
        assert_eq!(run_delay("52341\n"), None);
        if let Ok(own) = fs::read_to_string("/proc/thread-self/schedstat") {
            assert!(run_delay(&own).is_some(), "{own}");
        }
    }
}
