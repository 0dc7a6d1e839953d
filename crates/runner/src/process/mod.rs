//! Running a program on one case: a fresh process in its own process group, given its input
//! as a person at the keyboard would, one answer at a time when it asks ([`Mode::Interactive`]),
//! or all at once ([`Mode::WholeInput`]); its output drained as it comes, within a time limit
//! and an output cap.
//!
//! `spawn` sets the process up (the one place where it is), `drive` feeds and drains it to its
//! end, `watch` sees, through Linux's `/proc`, when it waits for input, `cpu` counts the CPU
//! time it uses, and `own_time` its time on the clock less the time it waited for a CPU.
//! `one_core` keeps a conversation on one core, and `proc_files` reads what `/proc` tells of a
//! process the same way for each of them.
//! `answering` decides each input when the program waits, and `converse` relays a conversation
//! with a partner program (a kata's interactor), whose output is the input.
//!
//! # Time
//!
//! A case's time limit ([`Limits::timeout`]) counts the CPU time its program uses, the processes
//! it starts included, not the time on the clock: a machine busy with other work slows a program
//! down without making it use more. The CPU time is read from the case's control group where it
//! has one (cgroup v1's `cpuacct`, v2's `cpu.stat`), else added up over the processes of its
//! process group in `/proc` (each one's own time and its waited-for children's), which misses
//! what a process that left the group uses.
//!
//! A program that sleeps or waits for something that never comes uses no CPU time: it is stopped
//! when its own time, its time on the clock less the time its processes waited for a CPU (what a
//! busy machine adds), passes the same limit by a tenth, at least 50 ms ([`Limits::own_time`]).
//! A single thread's own time is its CPU time and the time it was blocked (on a file, say): the
//! margin lets a program that uses its CPU time reach that limit first, its start's reads and
//! the wait for a CPU in progress, which the kernel charges only when it ends, notwithstanding.
//! Nor is a case stopped on its own time while one of its threads is awake (state `R` in
//! `/proc`: on a CPU, or waiting for one; or `D`: on a disk, a page of its program brought in):
//! a wait longer than the margin, on a machine busy enough, is not charged yet, and a thread
//! that runs is bounded by its CPU time, while the sleeper this bound is for has no thread
//! awake. That waiting is read from cgroup v2's `cpu.pressure` of the case's group where it
//! shows it (its `some` total: the time in which at least one of its threads was ready to run
//! and waited), else from each thread's `schedstat` in `/proc` (its second field, the time it
//! waited in a run queue), the case's processes being found as for its CPU time. The threads
//! are looked at every 25 ms, and each look adds the waits its threads were charged since the
//! last, held to the time between the looks (or the largest one thread's, if more): a process
//! and the child it waits for, which wait one after the other, count each, and threads that
//! wait at once count no more than the time they could have waited. Where threads wait at
//! once, the estimate counts more waiting than there was, so less own time: that error never
//! stops a program early.
//! A thread's wait is charged when it ends, so one that spans looks is charged whole at the look
//! after it ends: the total is held to the time on the clock as a whole, not each look to its
//! interval. A thread that ends between looks loses its wait since the last. The run is also
//! stopped on the clock, whatever it does, at a ceiling ([`Limits::ceiling`], ten times its time
//! limit, at least 10 s) for what cannot be measured: only a machine so busy that the program
//! waited for a CPU nine tenths of the time reaches it. A case stopped there whose own time had
//! already passed its limit (the grader, slowed too, looked late) is said to be stopped by that.
//! Where the waiting cannot be read (no `schedstat`, or threads `/proc` hides), the clock's
//! bound is [`Limits::wall`], [`Limits::WALL_FACTOR`] times the time limit, as though every
//! moment might have been spent waiting.
//!
//! A program's own time counts whatever it waits on that is not a CPU: the grader giving it its
//! next input (microseconds a line on an idle machine), or an interactor's reply.
//!
//! # When a program waits for input
//!
//! One answer at a time, the next input line is written only when the program waits for input,
//! and the output it had written by then is recorded ([`Interleaving`]). After the last line,
//! its input is closed when it next waits; if it waited in a read, it asked for more input, and
//! that is recorded too (an event loop polls its input for as long as it is open, whether the
//! program wants more or not: Node.js's readline does on a pipe, though not on a terminal). A
//! line that ends the input (`\z` in a transcript) is followed at once by the end of the input.
//! The program's process group waits for input when:
//!
//! - some thread of some process of the group is blocked in a read (`read`, `readv`, `pread64`,
//!   `preadv`, `preadv2`) of a descriptor that is the case's input pipe (its first argument, in
//!   `/proc/<pid>/task/<tid>/syscall`, names a descriptor whose link in `/proc/<pid>/fd` is
//!   `pipe:[INODE]` of that pipe), and no thread of the group is running (state `R`) or in
//!   uninterruptible sleep (`D`, about to run); or
//! - every thread of the group is asleep, one of them in a poll-family call (`poll`, `ppoll`,
//!   `select`, `pselect6`, `epoll_wait`, `epoll_pwait`, `epoll_pwait2`) that watches the input
//!   pipe, and it stays so over two looks in a row in which the group used no CPU time (the
//!   nanoseconds of each thread's `schedstat`) and wrote nothing; when that call has a timeout
//!   under 500 ms (an event loop with a timer pending), it must stay so for 25 ms. Node.js reads
//!   its input this way, waiting with no timeout; Bun with a timeout of a second, its event
//!   loop's housekeeping (a timeout that points to memory is read there). Which descriptors a
//!   call watches is read from its arguments in the process's memory (`/proc/<pid>/mem`), or
//!   for epoll from the `fdinfo` of its epoll descriptor; a call whose descriptors cannot be
//!   read counts as watching the input.
//!
//! The processes of the group are found in `/proc/<pid>/stat` (field 5 is the group), read for
//! the processes its control group lists (`cgroup.procs`) where it has one; elsewhere only for
//! processes that did not exist before the program started and have not been read before, and
//! only when `/proc/loadavg` shows that a process has started since `/proc` was last listed;
//! the threads of a process of more than one are those of `/proc/<pid>/task`. The group is
//! looked at whenever the program has done something, and again after a pause that starts at
//! 50 µs and doubles up to 5 ms while it does nothing: there is no fixed sleep for a line.
//!
//! Where this cannot be seen (another system, or a `/proc` that hides it: [`Mode::interactive`]
//! says why), a run is given its whole input at once, and so is the rest of a run whose threads
//! turn out to be hidden.

mod answering;
mod bounds;
mod converse;
mod cpu;
mod drive;
mod joined;
pub(crate) mod mode;
mod one_core;
mod own_time;
mod proc_files;
mod spawn;
mod watch;

use std::io;
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use crate::cgroup::{CaseGroup, GroupLimits};
use crate::input::{Input, Interleaving};
use crate::launch::LaunchError;
use crate::program::Program;
use crate::sandbox::{CaseSandbox, Sandbox};

pub use answering::{Answerer, run_answering};
pub use converse::{Conversed, Partner, run_conversing};
pub use joined::{JoinedPartner, PartnerEnds, ProgramEnds, pipes, run_joined};
pub use mode::Mode;
pub use one_core::OneCore;
pub use watch::Unsupported;

/// How long a case may run, and how much it may write and use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time for the whole run, the program's and every process's it starts, and its own
    /// time on the clock, less the time it waited for a CPU (see the module's docs); the run is
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
    /// its CPU time limit and a tenth more, at least 50 ms (see the module's docs).
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

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    /// The program could not be started: the command as given, and why.
    CannotStart(String),
    /// It reached a time limit and was killed.
    TimedOut(Timeout),
    /// It wrote more than the output cap and was killed.
    TooMuchOutput,
    /// It broke this limit and was killed.
    LimitExceeded(Limit),
    /// A signal ended it.
    Signaled(i32),
    /// It exited with this status.
    Exited(i32),
}

/// What a run did.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub outcome: Outcome,
    /// Its standard output, up to the cap.
    pub stdout: Vec<u8>,
    /// The end of its standard error.
    pub stderr: Vec<u8>,
    /// How long it ran, on the clock.
    pub duration: Duration,
    /// The CPU time it used, the processes it started included, where it can be known: what a
    /// busy machine does not stretch as it stretches the clock.
    pub cpu_time: Option<Duration>,
    /// Where each input was given, for a run given one answer at a time; `None` for one given
    /// its whole input at once.
    pub interleaving: Option<Interleaving>,
    /// Whether its standard input and output were joined to a partner program's by pipes
    /// ([`run_joined`]): the grader saw neither, and `stdout` is empty.
    pub joined: bool,
}

impl Run {
    /// The run of a program that could not be started, for `why`, begun at `started`.
    fn cannot_start(why: String, started: Instant) -> Run {
        Run {
            outcome: Outcome::CannotStart(why),
            stdout: Vec::new(),
            stderr: Vec::new(),
            duration: started.elapsed(),
            cpu_time: None,
            joined: false,
            interleaving: None,
        }
    }

    /// The mode the run was actually given its input in.
    #[must_use]
    pub fn mode(&self) -> Mode {
        if self.interleaving.is_some() {
            Mode::Interactive
        } else {
            Mode::WholeInput
        }
    }
}

/// Runs `program` on `inputs`, given in `mode`, confined by `sandbox`. Whatever happens, nothing
/// the program started is left running when this returns, and it returns by the time limit
/// (and a moment to collect what was written).
///
/// # Errors
///
/// The grader's own failure, never the program's: it ran out of file descriptors, processes or
/// memory, or could not set up the case's sandbox. No verdict can be given then.
pub fn run(
    program: &Program,
    inputs: &[Input],
    mode: Mode,
    limits: Limits,
    sandbox: &Sandbox,
) -> io::Result<Run> {
    let started = Instant::now();
    let watched = mode == Mode::Interactive;
    let mut case = match start(program, limits, sandbox, watched, spawn::Streams::Piped)? {
        Ok(case) => case,
        Err(why) => return Ok(Run::cannot_start(why, started)),
    };
    let mut run = drive::drive(
        case.spawned,
        inputs,
        case.watcher,
        limits,
        started,
        &mut case.bounds,
    );
    // An interpreter given a script that is not there starts, says so, and ends: the program
    // itself never started.
    if matches!(run.outcome, Outcome::Exited(status) if status != 0)
        && run.stdout.is_empty()
        && let Some((_, args)) = program.argv().split_first()
        && let Some(why) = crate::launch::missing_file(args, program.folder(), &run.stderr)
    {
        run.outcome = Outcome::CannotStart(why);
    }
    Ok(run)
}

/// Runs `program` as [`run`] does, begun at `started`, its input from the partner of `source`
/// and its streams as `streams` says: the run, the inputs it was given, and what became of the
/// conversation. Where the system cannot show when a program waits, it is not watched.
///
/// # Errors
///
/// The grader's own failure, as for [`run`].
fn run_partnered(
    program: &Program,
    (source, streams): (drive::Source<'_>, spawn::Streams),
    limits: Limits,
    sandbox: &Sandbox,
    started: Instant,
) -> io::Result<(Run, Vec<Input>, converse::Conversed)> {
    let watched = watch::support().is_ok();
    let (run, inputs, conversed) = match start(program, limits, sandbox, watched, streams)? {
        Ok(mut case) => drive::drive_with(
            case.spawned,
            source,
            case.watcher,
            limits,
            started,
            &mut case.bounds,
        ),
        Err(why) => (
            Run::cannot_start(why, started),
            Vec::new(),
            source.unplayed(),
        ),
    };
    let conversed =
        conversed.ok_or_else(|| io::Error::other("a conversation without its partner"))?;
    Ok((run, inputs, conversed))
}

/// A case's program, started: confined by its sandbox, bounded by its limits, and watched for
/// when it waits for input where that was asked for.
struct Started {
    spawned: spawn::Spawned,
    watcher: Option<watch::Watcher>,
    bounds: bounds::Bounds,
    /// Its home and its ruleset, which must outlive the program.
    _sandbox: Option<CaseSandbox>,
}

/// Starts `program` for one case, as [`run`] and [`run_answering`] run one: in a sandbox of its
/// own from `sandbox`, in control groups of `limits`, reading and writing as `streams` says,
/// watched for when it waits if `watched`. `Ok(Err(why))` when the program cannot be started.
///
/// # Errors
///
/// The grader's own failure, as for [`run`].
fn start(
    program: &Program,
    limits: Limits,
    sandbox: &Sandbox,
    watched: bool,
    streams: spawn::Streams,
) -> io::Result<Result<Started, String>> {
    let (Some(executable), Some((_, args))) = (program.executable(), program.argv().split_first())
    else {
        return Ok(Err("an empty command".to_owned()));
    };
    let case_sandbox = sandbox.for_case()?;
    let group = CaseGroup::new(
        GroupLimits {
            memory: limits.memory,
            processes: limits.processes,
        },
        sandbox.groups(),
    )?;
    // Taken before the program starts, so that nothing it starts is missed.
    let census = watched.then(|| watch::Census::take(group.as_ref().and_then(CaseGroup::procs)));
    let confinement = spawn::Confinement {
        sandbox: case_sandbox.as_ref(),
        group: group.as_ref(),
        file_size: limits.disk,
        memory: limits.memory,
        stack: limits.stack,
    };
    // The pipe a program joined to a partner reads, looked at to see whether it waits on it.
    let joined_input = match &streams {
        spawn::Streams::Piped => None,
        spawn::Streams::Joined { input, .. } => Some(input.try_clone()?),
    };
    // From here on the time is the program's own, less what it waits for a CPU.
    let began = Instant::now();
    let spawned = match spawn::spawn(&executable, args, program.folder(), &confinement, streams) {
        Ok(spawned) => spawned,
        Err(LaunchError::Program(why)) => return Ok(Err(why)),
        Err(LaunchError::Grader(error)) => return Err(error),
    };
    let leader = u32::try_from(spawned.case.group()).unwrap_or_default();
    let input = spawned
        .stdin
        .as_ref()
        .map(AsFd::as_fd)
        .or_else(|| joined_input.as_ref().map(AsFd::as_fd));
    let watcher = census
        .zip(input)
        .and_then(|(census, input)| watch::Watcher::new(census, leader, input).ok());
    let home = case_sandbox.as_ref().map(|sandbox| sandbox.home());
    let cpu = cpu::Counter::new(leader, group.as_ref());
    let own_time = own_time::OwnTime::new(began, leader, group.as_ref());
    let bounds = bounds::Bounds {
        group,
        home: home.map(|home| {
            if crate::disk::has_own_file_system(limits.disk) {
                // Open at once: the program cannot have filled it yet. One that has already
                // ended wrote too little to matter.
                crate::disk::MountedHome::open(leader, home).map_or_else(
                    |_| bounds::Home::Folder(home.to_owned()),
                    bounds::Home::Mounted,
                )
            } else {
                bounds::Home::Folder(home.to_owned())
            }
        }),
        disk: limits.disk,
        cpu,
        own_time,
    };
    Ok(Ok(Started {
        spawned,
        watcher,
        bounds,
        _sandbox: case_sandbox,
    }))
}
