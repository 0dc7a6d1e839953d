//! The CPU time a case has used, the processes it started included: its control group's counter
//! where it has one, else the sum over its process group in `/proc` (see the docs of [`super`]).

use std::collections::HashSet;
use std::fs;
use std::time::{Duration, Instant};

use crate::cgroup::CaseGroup;

/// How often the processes of a group are added up, at most: each time lists `/proc`.
const PROCESS_LOOK: Duration = Duration::from_millis(50);

/// Counts the CPU time of one case.
#[derive(Debug)]
pub(super) enum Counter {
    /// Its control group counts it.
    Group,
    /// Its processes are added up.
    Processes(ProcessGroup),
    /// This system shows no CPU time: the run is bounded by the clock alone.
    None,
}

impl Counter {
    /// The counter of the case whose process group `leader` leads, in `group` if it has one.
    pub(super) fn new(leader: u32, group: Option<&CaseGroup>) -> Counter {
        if group.is_some_and(|group| group.cpu_time().is_some()) {
            Counter::Group
        } else if let Some(ticks) = clock_ticks() {
            Counter::Processes(ProcessGroup::new(leader, ticks))
        } else {
            Counter::None
        }
    }

    /// The CPU time used so far, `None` where it cannot be known.
    pub(super) fn used(&mut self, group: Option<&CaseGroup>) -> Option<Duration> {
        match self {
            Counter::Group => group.and_then(CaseGroup::cpu_time),
            Counter::Processes(processes) => Some(processes.used()),
            Counter::None => None,
        }
    }

    /// The processes of the group as it was last added up, looked at again if it was not in the
    /// last [`PROCESS_LOOK`]; `None` where they are not added up.
    pub(super) fn members(&mut self) -> Option<Vec<u32>> {
        match self {
            Counter::Processes(processes) => {
                processes.used();
                Some(processes.members.clone())
            }
            Counter::Group | Counter::None => None,
        }
    }
}

/// The CPU time of the processes of one process group, read from `/proc`: each one's own (all
/// its threads', those ended included) and that of the children it has waited for. A process
/// that ends takes its time with it unless its parent in the group waits for it, so the sum
/// never goes down: it is the most seen.
#[derive(Debug)]
pub(super) struct ProcessGroup {
    group: u32,
    /// Clock ticks a second, the unit of `/proc/<pid>/stat`'s times.
    ticks: u64,
    /// Processes seen outside the group: none joins it later, a group of its own session.
    others: HashSet<u32>,
    /// The last pid the system handed out when `/proc` was last listed: when it goes down, pids
    /// are handed out again, and one known as another's may now be the group's.
    last_pid: Option<u32>,
    /// The processes found in the group when it was last added up.
    members: Vec<u32>,
    /// The most CPU time seen, and when it was seen.
    most: Duration,
    looked: Option<Instant>,
}

impl ProcessGroup {
    fn new(group: u32, ticks: u64) -> ProcessGroup {
        ProcessGroup {
            group,
            ticks,
            others: HashSet::new(),
            last_pid: None,
            members: Vec::new(),
            most: Duration::ZERO,
            looked: None,
        }
    }

    /// The CPU time used, added up again if it was not in the last [`PROCESS_LOOK`].
    fn used(&mut self) -> Duration {
        let now = Instant::now();
        if self
            .looked
            .is_some_and(|looked| now.duration_since(looked) < PROCESS_LOOK)
        {
            return self.most;
        }
        self.looked = Some(now);
        let last_pid = last_pid();
        if last_pid < self.last_pid {
            self.others.clear();
        }
        self.last_pid = last_pid;
        let Ok(entries) = fs::read_dir("/proc") else {
            return self.most;
        };
        let mut ticks = 0;
        self.members.clear();
        for pid in entries.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok()) {
            if self.others.contains(&pid) {
                continue;
            }
            match fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|stat| Times::parse(&stat))
            {
                Some(times) if times.group == self.group => {
                    ticks += times.ticks;
                    self.members.push(pid);
                }
                Some(_) => {
                    self.others.insert(pid);
                }
                // Gone already.
                None => {}
            }
        }
        let seen = Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / self.ticks);
        self.most = self.most.max(seen);
        self.most
    }
}

/// What `/proc/<pid>/stat` says of a process's group and time.
struct Times {
    /// Field 5: the process group.
    group: u32,
    /// Fields 14 to 17: user and system time, its own and its waited-for children's, in clock
    /// ticks.
    ticks: u64,
}

impl Times {
    /// Reads `pid (comm) state ppid pgrp ...`, the fields counted from the last `)`, since the
    /// command's name may hold spaces and parentheses.
    fn parse(text: &str) -> Option<Times> {
        let after_name = &text[text.rfind(')')? + 1..];
        let fields: Vec<&str> = after_name.split_ascii_whitespace().collect();
        // Field 3, the state, is the first after the name.
        let field = |number: usize| -> Option<u64> { fields.get(number - 3)?.parse().ok() };
        Some(Times {
            group: u32::try_from(field(5)?).ok()?,
            ticks: (14..=17).map(field).sum::<Option<u64>>()?,
        })
    }
}

/// Clock ticks a second, where `/proc` shows processes' times.
fn clock_ticks() -> Option<u64> {
    fs::metadata("/proc/self/stat").ok()?;
    // SAFETY: sysconf only reads a configuration value.
    #[allow(unsafe_code)]
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    u64::try_from(ticks).ok().filter(|&ticks| ticks > 0)
}

/// The pid the system handed out last: the last field of `/proc/loadavg`.
fn last_pid() -> Option<u32> {
    let text = fs::read_to_string("/proc/loadavg").ok()?;
    text.split_ascii_whitespace().last()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_group_and_every_time_of_a_stat_line() {
        let times = Times::parse(
            "4242 (a (b) c) S 1 4240 4240 0 -1 4194560 100 0 0 0 7 3 20 5 20 0 1 0 5 0 0",
        )
        .expect("a stat line");
        assert_eq!((times.group, times.ticks), (4240, 35));
        assert!(Times::parse("4242 (cut) S 1 4240").is_none());
    }
}
