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
//! `answering` decides each input when the program waits, `converse` relays a conversation
//! with a partner program (a kata's interactor), whose output is the input, and `joined` joins
//! a program to a partner by pipes. `limits`, `outcome` and `mode` say what a run may use, what
//! it did and how its input is given, and `nonblocking` reads the grader's ends of pipes
//! without blocking: leaves below the files that run a program. This file starts each kind of
//! run ([`run`], [`run_answering`], [`run_conversing`], [`run_joined`]) from them, and no file
//! below imports it.
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
//!
//! [`Interleaving`]: crate::input::Interleaving

mod answering;
mod bounds;
mod converse;
mod cpu;
mod drive;
mod joined;
mod limits;
pub(crate) mod mode;
mod nonblocking;
mod one_core;
mod outcome;
mod own_time;
mod proc_files;
mod spawn;
mod watch;

use std::io;
use std::os::fd::AsFd;
use std::time::Instant;

use crate::cgroup::{CaseGroup, GroupLimits};
use crate::input::{Input, Inputs};
use crate::launch::LaunchError;
use crate::program::Program;
use crate::sandbox::{CaseSandbox, Sandbox};

pub use answering::Answerer;
pub use converse::{Conversed, Partner};
pub use joined::{JoinedPartner, PartnerEnds, ProgramEnds, pipes};
pub use limits::{Clock, Limit, Limits, Timeout};
pub use mode::Mode;
pub use one_core::OneCore;
pub use outcome::{Outcome, Run};
pub use watch::Unsupported;

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
    inputs: &dyn Inputs,
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

/// Runs `program` as [`run`] does one answer at a time, each answer decided by `answerer` when
/// the program waits. Returns the run and the inputs given, in order: with the run's
/// [`Run::interleaving`], where each was given.
///
/// Where the system cannot show when a program waits, no answer can be chosen after seeing the
/// output: the run is then `Outcome::CannotStart`, saying why.
///
/// # Errors
///
/// The grader's own failure, as for [`run`].
pub fn run_answering(
    program: &Program,
    answerer: &mut dyn Answerer,
    limits: Limits,
    sandbox: &Sandbox,
) -> io::Result<(Run, Vec<Input>)> {
    let started = Instant::now();
    if let Err(unsupported) = watch::support() {
        let why = format!(
            "this case chooses each answer after seeing the program's output, which needs one \
             answer at a time, and this system cannot show when a program waits: {unsupported}"
        );
        return Ok((Run::cannot_start(why, started), Vec::new()));
    }
    // Confined and bounded as [`run`] confines and bounds a case.
    let mut case = match start(program, limits, sandbox, true, spawn::Streams::Piped)? {
        Ok(case) => case,
        Err(why) => return Ok((Run::cannot_start(why, started), Vec::new())),
    };
    let (run, inputs, _) = drive::drive_with(
        case.spawned,
        drive::Source::Answerer(answerer),
        case.watcher,
        limits,
        started,
        &mut case.bounds,
    );
    Ok((run, inputs))
}

/// Runs `program` as [`run`] does, in conversation with `partner` as `converse` says. Returns
/// the run, the inputs it was given (what the partner wrote, a line an input), and what became
/// of the conversation. Where the system cannot show when a program waits, all the
/// partner writes is given as it comes, and the two are never taken to wait for each other.
///
/// # Errors
///
/// The grader's own failure, as for [`run`].
pub fn run_conversing(
    program: &Program,
    partner: Partner,
    limits: Limits,
    sandbox: &Sandbox,
) -> io::Result<(Run, Vec<Input>, Conversed)> {
    let started = Instant::now();
    let source = drive::Source::Partner(converse::Relay::new(partner)?);
    let streams = spawn::Streams::Piped;
    run_partnered(program, (source, streams), limits, sandbox, started)
}

/// Runs `program` as [`run`] does, joined to `partner` as `joined` says. Returns the run (its
/// output is the partner's, and not in it) and what became of the conversation.
///
/// # Errors
///
/// The grader's own failure, as for [`run`].
pub fn run_joined(
    program: &Program,
    partner: JoinedPartner,
    limits: Limits,
    sandbox: &Sandbox,
) -> io::Result<(Run, Conversed)> {
    let started = Instant::now();
    let (join, streams) = joined::Join::new(partner, started)?;
    let source = drive::Source::Joined(join);
    let (run, _, conversed) = run_partnered(program, (source, streams), limits, sandbox, started)?;
    Ok((run, conversed))
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
