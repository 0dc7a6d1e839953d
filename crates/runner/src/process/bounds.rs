//! The limits a running case is held to beside its output: its memory and processes in its
//! control groups' counters, what it wrote to disk in its home (a file system of its own that
//! filled up, or a folder whose size reached the limit), the CPU time it used, and its own time
//! and the clock's bounds.

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use std::time::{Duration, Instant};

use super::cpu::Counter;
use super::limits::{Clock, Limit, Limits, Timeout};
use super::own_time::OwnTime;
use crate::cgroup::{Breach, CaseGroup};
use crate::disk::MountedHome;

/// How many entries of a home are looked at, at most, to add up its size.
const MOST_ENTRIES: usize = 10_000;

/// What a case is watched for while it runs.
#[derive(Debug)]
pub(super) struct Bounds {
    // Before the groups: a home file system held open is charged to the memory group, which
    // must be empty when the next case takes it.
    /// Its home, when it runs in the sandbox.
    pub(super) home: Option<Home>,
    /// Its control groups, where they can be made; given back with this value.
    pub(super) group: Option<CaseGroup>,
    /// The bytes it may write.
    pub(super) disk: u64,
    /// Where its CPU time is counted.
    pub(super) cpu: Counter,
    /// Its time on the clock less the time it waited for a CPU.
    pub(super) own_time: OwnTime,
}

/// A case's home, as the grader looks at it.
#[derive(Debug)]
pub(super) enum Home {
    /// A file system of the disk limit's size, which refuses a write beyond it.
    Mounted(MountedHome),
    /// A folder, whose size is added up.
    Folder(PathBuf),
}

impl Bounds {
    /// The limit the case has broken, if any.
    pub(super) fn breach(&self) -> Option<Limit> {
        let counted = self.group.as_ref().and_then(CaseGroup::breach);
        match counted {
            Some(Breach::Memory) => Some(Limit::Memory),
            Some(Breach::Processes) => Some(Limit::Processes),
            None => {
                let full = match &self.home {
                    Some(Home::Mounted(home)) => home.is_full(),
                    Some(Home::Folder(home)) => size_reaches(home, self.disk),
                    None => false,
                };
                full.then_some(Limit::Disk)
            }
        }
    }

    /// The CPU time the case has used so far, `None` where this system does not show it.
    pub(super) fn cpu_time(&mut self) -> Option<Duration> {
        self.cpu.used(self.group.as_ref())
    }

    /// When the case, started at `started`, is stopped on the clock whatever it does: at its
    /// ceiling where its CPU time is seen (or at [`Limits::wall`] where its waiting for a CPU
    /// cannot be read), else at its time limit, the only bound there is.
    pub(super) fn deadline(&mut self, started: Instant, limits: Limits) -> Instant {
        match self.cpu_time() {
            Some(_) if self.own_time.is_measured() => started + limits.ceiling(),
            Some(_) => started + limits.wall(),
            None => started + limits.timeout,
        }
    }

    /// The time limit the case has reached, if any: its CPU time, or its own time on the clock
    /// (or, its waiting for a CPU having turned out not to be readable, [`Limits::wall`]).
    /// `excused` is time on the clock that is not the program's either: the time it waited for
    /// the answers of the program it converses with.
    pub(super) fn time_out(&mut self, limits: Limits, excused: Duration) -> Option<Timeout> {
        let used = self.cpu_time()?;
        if used >= limits.timeout {
            return Some(Timeout::Cpu);
        }
        let Bounds {
            own_time,
            group,
            cpu,
            ..
        } = self;
        let group = group.as_ref();
        let own = own_time
            .look(limits.own_time(), group, || members(group, cpu))
            .map(|own| own.saturating_sub(excused));
        let clock = match own {
            // A thread ready to run, or on a disk, is not asleep: it may be waiting for a CPU
            // that is not charged yet, and its CPU time bounds it while it runs.
            Some(own)
                if own >= limits.own_time()
                    && members(group, cpu)
                        .is_some_and(|pids| super::own_time::any_awake(&pids)) =>
            {
                return None;
            }
            Some(own) if own >= limits.own_time() => Clock {
                used,
                own: Some(own),
                ceiling: None,
            },
            None if own_time.began().elapsed() >= limits.wall() => Clock {
                used,
                own: None,
                ceiling: Some(limits.wall()),
            },
            _ => return None,
        };
        Some(Timeout::Wall(clock))
    }

    /// Why the case was stopped at its deadline, `bound` after it started.
    pub(super) fn at_deadline(&mut self, limits: Limits, bound: Duration) -> Timeout {
        match self.cpu_time() {
            Some(used) if used < limits.timeout => Timeout::Wall(Clock {
                used,
                own: self.own_time.own(),
                ceiling: Some(bound),
            }),
            _ => Timeout::Cpu,
        }
    }

    /// Kills every process of the case that its control groups hold.
    pub(super) fn kill_all(&self) {
        if let Some(group) = &self.group {
            group.kill_all();
        }
    }
}

/// The processes of a case: those its control group lists where it has one (every process it
/// started, whatever process group it moved to), else those its CPU time was added up over.
fn members(group: Option<&CaseGroup>, cpu: &mut Counter) -> Option<Vec<u32>> {
    match group.and_then(CaseGroup::procs) {
        Some(procs) => {
            let listed = fs::read_to_string(procs).ok()?;
            Some(
                listed
                    .lines()
                    .filter_map(|pid| pid.trim().parse().ok())
                    .collect(),
            )
        }
        None => cpu.members(),
    }
}

/// Whether the files under `folder` take `bound` bytes of disk or more (or hold more entries
/// than are looked at).
fn size_reaches(folder: &Path, bound: u64) -> bool {
    let (mut used, mut seen) = (0_u64, 0_usize);
    let mut folders = vec![folder.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > MOST_ENTRIES {
                return true;
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if meta.is_dir() {
                folders.push(entry.path());
            } else {
                used = used.saturating_add(meta.len().max(meta.blocks() * 512));
                if used >= bound {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_home_reaches_its_bound_by_its_files_however_deep() {
        let home = tempfile::tempdir().expect("a folder");
        fs::create_dir_all(home.path().join("a/b")).expect("folders");
        fs::write(home.path().join("a/one"), vec![1; 3000]).expect("a file");
        fs::write(home.path().join("a/b/two"), vec![2; 3000]).expect("a file");
        assert!(size_reaches(home.path(), 6000));
        assert!(!size_reaches(home.path(), 20_000));
    }

    #[test]
    fn the_ceiling_is_ten_times_the_limit_and_at_least_ten_seconds() {
        let ceiling = |seconds: f64| {
            Limits {
                timeout: Duration::from_secs_f64(seconds),
                ..Limits::default()
            }
            .ceiling()
        };
        assert_eq!(ceiling(0.05), Duration::from_secs(10));
        assert_eq!(ceiling(2.0), Duration::from_secs(20));
        assert_eq!(ceiling(10.0), Duration::from_secs(100));
    }
}
