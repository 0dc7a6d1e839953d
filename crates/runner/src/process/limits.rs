//! How long a case may run and how much it may use, and which of those limits a run broke or
//! reached: a leaf of `process`, below the files that bound a run and the one that drives it.

use std::time::Duration;

/// How long a case may run, and how much it may write and use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time for the whole run, the program's and every process's it starts, and its own
    /// time on the clock, less the time it waited for a CPU (see [`process`](super)); the run is
    /// also stopped on the clock at [`Limits::ceiling`], or [`Limits::wall`] where its waiting
    /// cannot be read.
    pub timeout: Duration,
    /// Bytes of standard output; the program is killed as soon as it writes more, unless
    /// [`Limits::run_past_stdout`].
    pub max_stdout: usize,
    /// Whether a program that writes more than [`Limits::max_stdout`] runs on, what it writes
    /// past it thrown away, until it ends (too much output) or runs out of its time (a time-out),
    /// as contest judges run it (output cut at the file size limit), rather than killed at once.
    pub run_past_stdout: bool,
    /// Bytes of standard error kept: the last ones, where the cause of a crash usually is.
    pub stderr_tail: usize,
    /// Bytes of memory, the program and everything it starts together (where
    /// [`crate::cgroup::support`] allows).
    pub memory: u64,
    /// Processes and threads at once, the program's and everything it starts (where
    /// [`crate::cgroup::support`] allows).
    pub processes: u32,
    /// Bytes the program may write to disk: the size of any file it writes, and of its home in
    /// the sandbox where that can be bounded.
    pub disk: u64,
    /// Bytes of its stack (`RLIMIT_STACK`), at most the grader's own hard limit; `None` leaves
    /// the grader's.
    pub stack: Option<u64>,
}

impl Limits {
    /// The default memory limit: what a JVM, Node.js, Go, .NET or Python uses many times over.
    pub const MEMORY: u64 = 512 << 20;
    /// The default limit of processes and threads: a JVM runs some tens of threads.
    pub const PROCESSES: u32 = 1024;
    /// The default disk limit.
    pub const DISK: u64 = 256 << 20;
    /// How many times its CPU time limit a run may last on the clock where the time it waits
    /// for a CPU cannot be read. A program that is right uses its CPU time in about as long on an
    /// idle machine; on one where two other busy processes share each core with it, it gets a
    /// third of a core, and takes three times as long: four times leaves room beyond that, and
    /// stops a program that sleeps or waits for ever after four times its limit.
    pub const WALL_FACTOR: u32 = 4;
    /// How many times its CPU time limit a run may last on the clock where the time it waits
    /// for a CPU is read, and its own time is bounded by its limit: only a machine where a
    /// program waits nine tenths of the time (ten busy processes a core) reaches it, and it
    /// still bounds what cannot be seen (a process that left the case's group, say).
    pub const CEILING_FACTOR: u32 = 10;
    /// The least a run may last on the clock where its own time is bounded by its limit: ten
    /// times a limit of a tenth of a second is a second, which a right program's start (its
    /// binary's pages brought in, its runtime loaded) can outlast on a machine busy enough,
    /// while a program that sleeps is stopped by its own time long before.
    pub const CEILING_LEAST: Duration = Duration::from_secs(10);
    /// The least margin of [`Limits::own_time`] beyond the time limit: two looks at the waiting.
    const OWN_TIME_MARGIN: Duration = Duration::from_millis(50);

    /// No limit on memory, processes or disk, for a program that is trusted (a build), and the
    /// defaults of [`Limits::default`] for the rest.
    pub const UNBOUNDED: Limits = Limits {
        timeout: Duration::from_secs(10),
        max_stdout: 1 << 20,
        run_past_stdout: false,
        stderr_tail: 16 << 10,
        memory: u64::MAX,
        processes: u32::MAX,
        disk: u64::MAX,
        stack: None,
    };
}

impl Limits {
    /// How long a run may last on the clock where the time it waits for a CPU cannot be read:
    /// [`Limits::WALL_FACTOR`] times its CPU time limit.
    #[must_use]
    pub fn wall(&self) -> Duration {
        self.timeout.saturating_mul(Limits::WALL_FACTOR)
    }

    /// The own time a run may spend on the clock, its time less the time it waited for a CPU:
    /// its CPU time limit and a tenth more, at least 50 ms (see [`process`](super)).
    #[must_use]
    pub fn own_time(&self) -> Duration {
        let margin = (self.timeout / 10).max(Limits::OWN_TIME_MARGIN);
        self.timeout.saturating_add(margin)
    }

    /// The longest a run may last on the clock, wherever it runs: [`Limits::CEILING_FACTOR`]
    /// times its CPU time limit, at least [`Limits::CEILING_LEAST`].
    #[must_use]
    pub fn ceiling(&self) -> Duration {
        self.timeout
            .saturating_mul(Limits::CEILING_FACTOR)
            .max(Limits::CEILING_LEAST)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory: Limits::MEMORY,
            processes: Limits::PROCESSES,
            disk: Limits::DISK,
            ..Limits::UNBOUNDED
        }
    }
}

/// A limit a run broke, beside its time and its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`Limits::memory`].
    Memory,
    /// [`Limits::processes`].
    Processes,
    /// [`Limits::disk`].
    Disk,
}

/// Which of its time limits a run reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timeout {
    /// It used its CPU time, [`Limits::timeout`].
    Cpu,
    /// It was stopped on the clock, having used less CPU time than its limit: it slept, or
    /// waited for something that did not come (or, at a ceiling, for a CPU).
    Wall(Clock),
}

/// What a run stopped on the clock had used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Its CPU time, less than its limit.
    pub used: Duration,
    /// Its own time: its time on the clock less the time its processes waited for a CPU;
    /// `None` where that waiting cannot be read.
    pub own: Option<Duration>,
    /// The bound on the clock it reached ([`Limits::ceiling`], or [`Limits::wall`] where its
    /// own time is not known); `None` when its own time reached [`Limits::own_time`].
    pub ceiling: Option<Duration>,
}
