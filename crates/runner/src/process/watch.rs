//! Whether a case's program is waiting for input, read from Linux's `/proc`: what each thread
//! of each process of its group is doing. The rule is in the docs of [`super`].
//!
//! Elsewhere (another system, another architecture) nothing can be seen, and a run is given its
//! whole input at once.

use std::fmt;

/// What a look at the group found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Check {
    /// It waits for input: give it the next answer.
    Waiting(Wait),
    /// It does not, or not yet.
    NotYet,
    /// Its threads cannot be seen (a program that changed its credentials, say).
    Blind,
}

/// How a group was seen to wait for input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wait {
    /// A thread is blocked reading the input.
    Read,
    /// A thread has waited in a poll-family call that watches the input, long enough.
    Poll,
}

/// Why this system cannot show when a program waits for input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

pub(super) use imp::{Census, Watcher, support};

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod imp {
    use std::collections::HashSet;
    use std::fs::{self, File};
    use std::io::{self, Read};
    use std::os::fd::BorrowedFd;
    use std::os::unix::fs::{FileExt, MetadataExt};
    use std::path::Path;
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};

    use super::super::proc_files::gone;
    use super::{Check, Unsupported, Wait};

    /// How long every thread of the group must stay asleep, one of them in a poll-family call
    /// on the program's input with a short timeout, with no CPU time used and nothing written,
    /// before that counts as waiting for input. A call that waits for ever, or for [`LONG_WAIT`]
    /// or more, with every thread as still as at the look before, counts at once: nothing but an
    /// input or a signal can wake it before settling could have seen it.
    const SETTLE: Duration = Duration::from_millis(25);

    /// A timeout this long is a runtime's housekeeping, not a timer the program waits for
    /// before it goes on (Bun's event loop wakes every second).
    const LONG_WAIT: Duration = Duration::from_millis(500);

    /// The most file descriptors of a poll or select call looked at.
    const MOST_POLLED: u64 = 1024;

    /// System call numbers: the calls that read a file descriptor (its number the first
    /// argument), and those that wait for several (poll and ppoll take the array and its length,
    /// select and pselect6 the count and the read set, the epoll calls the epoll descriptor).
    /// Each waiting call is listed with where its timeout is.
    #[cfg(target_arch = "x86_64")]
    mod calls {
        use super::Timeout::{Milliseconds, Timespec, Timeval};
        use super::WaitingCall;

        pub(super) const READ: &[u64] = &[0, 17, 19, 295, 327];
        pub(super) const POLL: &[WaitingCall] = &[(7, Milliseconds(2)), (271, Timespec(2))];
        pub(super) const SELECT: &[WaitingCall] = &[(23, Timeval(4)), (270, Timespec(4))];
        pub(super) const EPOLL: &[WaitingCall] = &[
            (232, Milliseconds(3)),
            (281, Milliseconds(3)),
            (441, Timespec(3)),
        ];
    }

    #[cfg(target_arch = "aarch64")]
    mod calls {
        use super::Timeout::{Milliseconds, Timespec};
        use super::WaitingCall;

        pub(super) const READ: &[u64] = &[63, 65, 67, 69, 286];
        pub(super) const POLL: &[WaitingCall] = &[(73, Timespec(2))];
        pub(super) const SELECT: &[WaitingCall] = &[(72, Timespec(4))];
        pub(super) const EPOLL: &[WaitingCall] = &[(22, Milliseconds(3)), (441, Timespec(3))];
    }

    /// A call that waits for several descriptors, and where its timeout is.
    type WaitingCall = (u64, Timeout);

    /// Where a waiting call's timeout is, which says how long it waits.
    #[derive(Clone, Copy)]
    enum Timeout {
        /// The argument at this index is a number of milliseconds, negative for ever.
        Milliseconds(usize),
        /// The argument at this index points to a `struct timespec`, null for ever.
        Timespec(usize),
        /// The argument at this index points to a `struct timeval`, null for ever.
        #[cfg_attr(target_arch = "aarch64", allow(dead_code))]
        Timeval(usize),
    }

    impl Timeout {
        /// How long a call made with `arguments` by process `pid` waits: `None` for ever.
        /// A timeout whose memory cannot be read counts as zero: the call is not taken to wait
        /// long.
        fn length(self, pid: u32, arguments: &[u64; 6]) -> Option<Duration> {
            let (at, per_second) = match self {
                // An `int` argument: only the low half of the register is the call's.
                Timeout::Milliseconds(at) => {
                    let milliseconds = arguments[at] as u32 as i32;
                    return u64::try_from(milliseconds).ok().map(Duration::from_millis);
                }
                Timeout::Timespec(at) => (at, 1_000_000_000),
                Timeout::Timeval(at) => (at, 1_000_000),
            };
            if arguments[at] == 0 {
                return None;
            }
            let Ok(bytes) = read_memory(pid, arguments[at], 16) else {
                return Some(Duration::ZERO);
            };
            let field = |from: usize| {
                bytes
                    .get(from..from + 8)
                    .and_then(|field| <[u8; 8]>::try_from(field).ok())
                    .map_or(0, i64::from_ne_bytes)
            };
            let (seconds, fraction) = (field(0), field(8));
            let nanoseconds =
                u128::try_from(fraction).unwrap_or_default() * (1_000_000_000 / per_second);
            Some(
                Duration::from_secs(u64::try_from(seconds).unwrap_or_default())
                    + Duration::from_nanos(u64::try_from(nanoseconds).unwrap_or_default()),
            )
        }
    }

    /// The timeout of `number`, if it is one of the waiting `calls`.
    fn timeout_of(calls: &[WaitingCall], number: u64) -> Option<Timeout> {
        calls
            .iter()
            .find(|(call, _)| *call == number)
            .map(|&(_, timeout)| timeout)
    }

    /// Whether this system shows what a program's threads are blocked in: `/proc` must show
    /// this very thread in the `read` it is making of its own `syscall` file, and must let a
    /// process see its children's.
    pub(crate) fn support() -> Result<(), Unsupported> {
        static SUPPORT: OnceLock<Result<(), Unsupported>> = OnceLock::new();
        SUPPORT
            .get_or_init(|| {
                let own = "/proc/thread-self/syscall";
                let shown = fs::read_to_string(own)
                    .map_err(|error| Unsupported(format!("{own} cannot be read: {error}")))?;
                if Syscall::parse(&shown).is_none_or(|call| call.number != calls::READ[0]) {
                    return Err(Unsupported(format!(
                        "{own} does not show the system call in progress"
                    )));
                }
                let scope = "/proc/sys/kernel/yama/ptrace_scope";
                match fs::read_to_string(scope).map(|text| text.trim().parse::<u8>()) {
                    Ok(Ok(level)) if level >= 2 => Err(Unsupported(format!(
                        "{scope} is {level}, which hides what other processes are doing"
                    ))),
                    _ => Ok(()),
                }
            })
            .clone()
    }

    /// Where the processes of a program's group are to be found, taken before it starts.
    pub(in crate::process) enum Census {
        /// The processes that exist before it starts. Its process group is new, so none of them
        /// is in it: they need not be looked at, until the system hands out their pids again.
        Before(HashSet<u32>),
        /// The `cgroup.procs` file of its control group, which holds every process it starts
        /// (and may hold some that left its process group): read rather than all of `/proc`.
        Group(String),
    }

    impl Census {
        /// The census of a program whose control group lists its processes in `procs`, where
        /// it has one.
        pub(in crate::process) fn take(procs: Option<&Path>) -> Census {
            match procs.and_then(Path::to_str) {
                Some(procs) => Census::Group(procs.to_owned()),
                None => Census::Before(pids().unwrap_or_default()),
            }
        }
    }

    /// How the processes that join a group are found.
    enum Finder {
        /// In `/proc`, skipping those known to be elsewhere.
        Proc {
            /// Processes seen that are not in the group.
            others: HashSet<u32>,
            /// The last pid the system had handed out when `/proc` was last listed: while it is
            /// the same, no process has started since, so none can have joined the group.
            last_pid: Option<u32>,
        },
        /// In its control group's `cgroup.procs`.
        Group(String),
    }

    /// Watches the process group of one run for the moment it waits for input.
    pub(in crate::process) struct Watcher {
        group: u32,
        /// The inode of the program's standard input pipe.
        pipe: u64,
        /// How a descriptor of that pipe reads in `/proc/<pid>/fd`.
        pipe_link: String,
        /// The processes of the group seen so far.
        members: Vec<u32>,
        /// Where the others are found.
        finder: Finder,
        /// Since when, and with what CPU time and output, the group has looked like it waits
        /// in a poll-family call.
        settling: Option<Settling>,
    }

    struct Settling {
        since: Instant,
        cpu: u64,
        written: usize,
    }

    /// What a look at every thread of the group found, when none was running.
    #[derive(Default)]
    struct Look {
        /// The CPU time, in clock ticks, of the threads that do nothing (stopped, zombie).
        idle_cpu: u64,
        /// The threads asleep: each one's folder in `/proc`, and its CPU time in clock ticks.
        asleep: Vec<(String, u64)>,
        /// One is blocked reading the input pipe.
        reading: bool,
        /// One waits in a poll-family call that watches the input pipe.
        polling: bool,
        /// One waits so with no time limit, or a long one.
        polling_long: bool,
    }

    impl Look {
        /// The CPU time of every thread: in nanoseconds where `/proc` shows it (`schedstat`),
        /// far finer than clock ticks, else in ticks. Read only for a group that waits in a
        /// poll-family call, whose stillness it shows; a read costs what a look costs.
        fn run_time(&self) -> u64 {
            self.asleep
                .iter()
                .map(|(thread, ticks)| run_time(thread).unwrap_or(*ticks))
                .sum::<u64>()
                + self.idle_cpu
        }
    }

    /// What one process turned out to be.
    enum Process {
        /// In the group, none of its threads running.
        Asleep,
        /// In the group, a thread running (or in uninterruptible sleep, about to run).
        Busy,
        /// Gone, or not in the group.
        Outside,
    }

    impl Watcher {
        /// A watcher for the group led by `leader`, whose input is the pipe `stdin`. `census`
        /// lists the processes that existed before the leader started.
        pub(in crate::process) fn new(
            census: Census,
            leader: u32,
            stdin: BorrowedFd<'_>,
        ) -> io::Result<Watcher> {
            let pipe = File::from(stdin.try_clone_to_owned()?).metadata()?.ino();
            Ok(Watcher {
                group: leader,
                pipe,
                pipe_link: format!("pipe:[{pipe}]"),
                members: vec![leader],
                finder: match census {
                    Census::Before(others) => Finder::Proc {
                        others,
                        last_pid: None,
                    },
                    Census::Group(procs) => Finder::Group(procs),
                },
                settling: None,
            })
        }

        /// Whether the group waits for input now, `written` being how much it has written to
        /// standard output so far.
        pub(in crate::process) fn check(&mut self, written: usize) -> Check {
            match self.look() {
                Ok(Some(look)) if look.reading => {
                    self.settling = None;
                    Check::Waiting(Wait::Read)
                }
                Ok(Some(look)) if look.polling => {
                    let settle = if look.polling_long {
                        Duration::ZERO
                    } else {
                        SETTLE
                    };
                    self.settle(look.run_time(), written, settle)
                }
                Ok(_) => {
                    self.settling = None;
                    Check::NotYet
                }
                Err(_) => Check::Blind,
            }
        }

        /// How a descriptor of the group's input pipe reads in `/proc/<pid>/fd`.
        pub(in crate::process) fn input_link(&self) -> &str {
            &self.pipe_link
        }

        /// The CPU time of a group that waits now in a read of its input, `None` when it does
        /// not: the same figure at two looks shows that it did not run between them, so that
        /// nothing came to its input in the meantime.
        pub(in crate::process) fn reading_still(&mut self) -> Option<u64> {
            match self.look() {
                Ok(Some(look)) if look.reading => Some(look.run_time()),
                _ => None,
            }
        }

        /// Waiting in a poll-family call counts once it has lasted `settle` unchanged, over two
        /// looks at least.
        fn settle(&mut self, cpu: u64, written: usize, settle: Duration) -> Check {
            let now = Instant::now();
            match &self.settling {
                Some(settling) if settling.cpu == cpu && settling.written == written => {
                    if now.duration_since(settling.since) >= settle {
                        self.settling = None;
                        Check::Waiting(Wait::Poll)
                    } else {
                        Check::NotYet
                    }
                }
                _ => {
                    self.settling = Some(Settling {
                        since: now,
                        cpu,
                        written,
                    });
                    Check::NotYet
                }
            }
        }

        /// Every thread of the group, or `None` as soon as one is running. The processes
        /// already known are looked at first: a running one ends the look before `/proc` is
        /// listed for new ones.
        fn look(&mut self) -> io::Result<Option<Look>> {
            let mut look = Look::default();
            let mut members = std::mem::take(&mut self.members);
            let mut busy = false;
            let mut looked = Ok(());
            members.retain(|&pid| {
                if busy || looked.is_err() {
                    return true;
                }
                match self.look_at(pid, &mut look) {
                    Ok(Process::Asleep) => true,
                    Ok(Process::Busy) => {
                        busy = true;
                        true
                    }
                    Ok(Process::Outside) => false,
                    Err(error) => {
                        looked = Err(error);
                        true
                    }
                }
            });
            self.members = members;
            looked?;
            if busy {
                return Ok(None);
            }
            for pid in self.newcomers()? {
                if self.members.contains(&pid) {
                    continue;
                }
                // A process that cannot be read (another user's, on a system that hides them)
                // is not the program's.
                let in_group = self.stat_in_group(&format!("/proc/{pid}"));
                if !matches!(in_group, Ok(Some(_))) {
                    if let Finder::Proc { others, .. } = &mut self.finder {
                        others.insert(pid);
                    }
                    continue;
                }
                self.members.push(pid);
                match self.look_at(pid, &mut look)? {
                    Process::Busy => return Ok(None),
                    Process::Asleep | Process::Outside => {}
                }
            }
            Ok(Some(look))
        }

        /// The processes that may have joined the group since it was last looked at: those of
        /// its control group, or those of `/proc` not known to be elsewhere, when a process has
        /// started since `/proc` was last listed (else none).
        fn newcomers(&mut self) -> io::Result<Vec<u32>> {
            match &mut self.finder {
                Finder::Group(procs) => Ok(read(procs)?
                    .lines()
                    .filter_map(|pid| pid.parse().ok())
                    .collect()),
                Finder::Proc { others, last_pid } => {
                    let newest = self::last_pid();
                    if newest.is_some() && newest == *last_pid {
                        return Ok(Vec::new());
                    }
                    // Past the largest pid the system starts again from the smallest: a pid
                    // known to be a stranger's may now be the program's.
                    if newest < *last_pid {
                        others.clear();
                    }
                    *last_pid = newest;
                    Ok(pids()?
                        .into_iter()
                        .filter(|pid| !others.contains(pid))
                        .collect())
                }
            }
        }

        /// Looks at every thread of process `pid`, adding what it finds to `look`. A process
        /// of one thread is read from its own files, without listing its threads.
        fn look_at(&self, pid: u32, look: &mut Look) -> io::Result<Process> {
            let process = format!("/proc/{pid}");
            let Some(stat) = self.stat_in_group(&process)? else {
                return Ok(Process::Outside);
            };
            if stat.threads == 1 {
                return self.look_at_thread(pid, &process, &stat, look);
            }
            let tasks = match fs::read_dir(format!("{process}/task")) {
                Ok(tasks) => tasks,
                Err(error) if gone(&error) => return Ok(Process::Outside),
                Err(error) => return Err(error),
            };
            let mut seen = Process::Outside;
            for task in tasks {
                let task = format!("{process}/task/{}", task?.file_name().to_string_lossy());
                let Some(stat) = self.stat_in_group(&task)? else {
                    continue;
                };
                seen = self.look_at_thread(pid, &task, &stat, look)?;
                if matches!(seen, Process::Busy) {
                    break;
                }
            }
            Ok(seen)
        }

        /// The `stat` of the process or thread at `path`, if it is there and in the group.
        fn stat_in_group(&self, path: &str) -> io::Result<Option<Stat>> {
            match read(&format!("{path}/stat")) {
                Ok(text) => Ok(Stat::parse(&text).filter(|stat| stat.group == self.group)),
                Err(error) if gone(&error) => Ok(None),
                Err(error) => Err(error),
            }
        }

        /// Adds the thread at `path` of process `pid`, whose `stat` is given, to `look`.
        fn look_at_thread(
            &self,
            pid: u32,
            path: &str,
            stat: &Stat,
            look: &mut Look,
        ) -> io::Result<Process> {
            match stat.state {
                b'R' | b'D' => return Ok(Process::Busy),
                b'S' => {
                    look.asleep.push((path.to_owned(), stat.cpu));
                    self.blocked_in(pid, path, look)?;
                }
                // Stopped, traced, zombie or dead: it does nothing.
                _ => look.idle_cpu += stat.cpu,
            }
            Ok(Process::Asleep)
        }

        /// Notes in `look` whether the sleeping thread `task` of process `pid` is blocked
        /// reading the input pipe, or waits in a poll-family call that watches it.
        fn blocked_in(&self, pid: u32, task: &str, look: &mut Look) -> io::Result<()> {
            let text = match read(&format!("{task}/syscall")) {
                Ok(text) => text,
                Err(error) if gone(&error) => return Ok(()),
                Err(error) => return Err(error),
            };
            let Some(call) = Syscall::parse(&text) else {
                return Ok(());
            };
            let [first, second, ..] = call.arguments;
            if calls::READ.contains(&call.number) {
                look.reading |= self.is_input(pid, first);
                return Ok(());
            }
            let watched = if let Some(timeout) = timeout_of(calls::POLL, call.number) {
                Some((timeout, self.polls_input(pid, first, second)))
            } else if let Some(timeout) = timeout_of(calls::SELECT, call.number) {
                Some((timeout, self.selects_input(pid, first, second)))
            } else {
                timeout_of(calls::EPOLL, call.number)
                    .map(|timeout| (timeout, self.epolls_input(pid, first)))
            };
            if let Some((timeout, true)) = watched {
                look.polling = true;
                look.polling_long |= timeout
                    .length(pid, &call.arguments)
                    .is_none_or(|length| length >= LONG_WAIT);
            }
            Ok(())
        }

        /// Whether descriptor `fd` of process `pid` is the input pipe.
        fn is_input(&self, pid: u32, fd: u64) -> bool {
            fs::read_link(format!("/proc/{pid}/fd/{fd}"))
                .is_ok_and(|target| target.as_os_str() == self.pipe_link.as_str())
        }

        /// Whether `poll(fds, count, ..)` in process `pid` waits for the input pipe to be
        /// readable. What cannot be read is taken to.
        fn polls_input(&self, pid: u32, fds: u64, count: u64) -> bool {
            const POLLFD: u64 = 8;
            let Ok(bytes) = read_memory(pid, fds, count.min(MOST_POLLED) * POLLFD) else {
                return true;
            };
            bytes.chunks_exact(8).any(|pollfd| {
                let fd = i32::from_ne_bytes([pollfd[0], pollfd[1], pollfd[2], pollfd[3]]);
                let events = i16::from_ne_bytes([pollfd[4], pollfd[5]]);
                let readable = libc::POLLIN | libc::POLLRDNORM;
                u64::try_from(fd).is_ok_and(|fd| events & readable != 0 && self.is_input(pid, fd))
            })
        }

        /// Whether `select(count, read_set, ..)` in process `pid` waits for the input pipe to
        /// be readable. What cannot be read is taken to.
        fn selects_input(&self, pid: u32, count: u64, read_set: u64) -> bool {
            if read_set == 0 {
                return false;
            }
            let count = count.min(MOST_POLLED);
            let Ok(bits) = read_memory(pid, read_set, count.div_ceil(64) * 8) else {
                return true;
            };
            (0..count).any(|fd| {
                let set = usize::try_from(fd / 8)
                    .ok()
                    .and_then(|at| bits.get(at))
                    .is_some_and(|byte| byte & (1 << (fd % 8)) != 0);
                set && self.is_input(pid, fd)
            })
        }

        /// Whether epoll descriptor `epoll` of process `pid` watches the input pipe: its
        /// `fdinfo` lists the inode of each file it watches. What cannot be read is taken to.
        fn epolls_input(&self, pid: u32, epoll: u64) -> bool {
            let Ok(info) = read(&format!("/proc/{pid}/fdinfo/{epoll}")) else {
                return true;
            };
            info.lines()
                .filter(|line| line.starts_with("tfd:"))
                .filter_map(|line| line.split_once(" ino:"))
                .filter_map(|(_, rest)| rest.split_whitespace().next())
                .any(|inode| u64::from_str_radix(inode, 16) == Ok(self.pipe))
        }
    }

    /// The time the thread at `path` has run, in nanoseconds: the first field of its
    /// `schedstat`, which counts far finer than the clock ticks of `stat`.
    fn run_time(path: &str) -> Option<u64> {
        read(&format!("{path}/schedstat"))
            .ok()?
            .split_ascii_whitespace()
            .next()?
            .parse()
            .ok()
    }

    /// The pid the system handed out last: the last field of `/proc/loadavg`.
    fn last_pid() -> Option<u32> {
        let text = read("/proc/loadavg").ok()?;
        text.split_ascii_whitespace().last()?.parse().ok()
    }

    /// The pids in `/proc`.
    fn pids() -> io::Result<HashSet<u32>> {
        Ok(fs::read_dir("/proc")?
            .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
            .collect())
    }

    /// A small file of `/proc`, read without asking its size first (which `/proc` does not
    /// know anyway): these are read many times a second.
    fn read(path: &str) -> io::Result<String> {
        let mut file = File::open(path)?;
        let mut bytes = Vec::new();
        let mut buffer = [0; 1024];
        loop {
            match file.read(&mut buffer)? {
                0 => return Ok(String::from_utf8_lossy(&bytes).into_owned()),
                read => bytes.extend_from_slice(&buffer[..read]),
            }
        }
    }

    /// `length` bytes of process `pid`'s memory from `address`.
    fn read_memory(pid: u32, address: u64, length: u64) -> io::Result<Vec<u8>> {
        let mut bytes = vec![0; usize::try_from(length).map_err(io::Error::other)?];
        File::open(format!("/proc/{pid}/mem"))?.read_exact_at(&mut bytes, address)?;
        Ok(bytes)
    }

    /// What a `stat` file of `/proc` tells.
    struct Stat {
        /// Field 3: `R` running, `S` asleep, `D` in uninterruptible sleep, ...
        state: u8,
        /// Field 5: the process group.
        group: u32,
        /// Fields 14 and 15: user and system time, in clock ticks.
        cpu: u64,
        /// Field 20: the number of threads of the process.
        threads: u64,
    }

    impl Stat {
        /// Reads `pid (comm) state ppid pgrp ...`. The command name may hold spaces and
        /// parentheses, so the fields are counted from the last `)`.
        fn parse(text: &str) -> Option<Stat> {
            let after_name = &text[text.rfind(')')? + 1..];
            let mut fields = after_name.split_ascii_whitespace();
            let state = *fields.next()?.as_bytes().first()?;
            let group = fields.nth(1)?.parse().ok()?;
            // From field 6 (the session) on, field 14 is the ninth.
            let user: u64 = fields.nth(8)?.parse().ok()?;
            let system: u64 = fields.next()?.parse().ok()?;
            let threads = fields.nth(4)?.parse().ok()?;
            Some(Stat {
                state,
                group,
                cpu: user + system,
                threads,
            })
        }
    }

    /// What a `syscall` file of `/proc` tells of a thread blocked in a system call.
    struct Syscall {
        number: u64,
        arguments: [u64; 6],
    }

    impl Syscall {
        /// Reads `number arg0 .. arg5 sp pc`; `None` for a thread that is `running` or blocked
        /// outside a system call (`-1 sp pc`).
        fn parse(text: &str) -> Option<Syscall> {
            let mut words = text.split_ascii_whitespace();
            let number = words.next()?.parse().ok()?;
            let mut arguments = [0; 6];
            for argument in &mut arguments {
                *argument = u64::from_str_radix(words.next()?.strip_prefix("0x")?, 16).ok()?;
            }
            Some(Syscall { number, arguments })
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn reads_stat_and_syscall_lines() {
            let stat = Stat::parse(
                "4242 (a (b) c) S 1 4240 4240 0 -1 4194560 100 0 0 0 7 3 0 0 20 0 1 0 5 0 0",
            )
            .expect("a stat line");
            assert_eq!(
                (stat.state, stat.group, stat.cpu, stat.threads),
                (b'S', 4240, 10, 1)
            );
            let call = Syscall::parse("0 0x0 0x55d0 0x2000 0x0 0x0 0x0 0x7ffe 0x7f12\n")
                .expect("blocked in read");
            assert_eq!(
                (call.number, call.arguments[0], call.arguments[2]),
                (0, 0, 0x2000)
            );
            assert!(Syscall::parse("running\n").is_none());
            assert!(Syscall::parse("-1 0x7ffe 0x7f12\n").is_none());
        }

        #[test]
        fn reads_how_long_a_call_waits_from_its_arguments_and_memory() {
            // epoll_wait(fd, events, 1024, timeout) as `/proc` shows it: the register of an
            // `int` -1 may hold it with or without its high half set.
            let epoll = |timeout| [3, 0x7ffe, 0x400, timeout, 0, 0];
            let milliseconds = Timeout::Milliseconds(3);
            let pid = std::process::id();
            assert_eq!(milliseconds.length(pid, &epoll(0xffff_ffff)), None);
            assert_eq!(milliseconds.length(pid, &epoll(u64::MAX)), None);
            assert_eq!(milliseconds.length(pid, &epoll(0)), Some(Duration::ZERO));
            // A high half left over from before does not make a timeout of 1000 ms negative.
            assert_eq!(
                milliseconds.length(pid, &epoll(0xffff_ffff_0000_03e8)),
                Some(Duration::from_secs(1))
            );
            // A null pointer waits for ever; a pointer is read in the process's memory.
            let timespec = Timeout::Timespec(4);
            assert_eq!(timespec.length(pid, &[1, 0x7ffe, 0, 0, 0, 0]), None);
            let second_and_a_half: [i64; 2] = [1, 500_000_000];
            let address = u64::try_from(second_and_a_half.as_ptr() as usize).expect("an address");
            assert_eq!(
                timespec.length(pid, &[1, 0x7ffe, 0, 0, address, 0]),
                Some(Duration::from_millis(1500))
            );
            let timeval = Timeout::Timeval(4);
            let quarter: [i64; 2] = [0, 250_000];
            let address = u64::try_from(quarter.as_ptr() as usize).expect("an address");
            assert_eq!(
                timeval.length(pid, &[1, 0x7ffe, 0, 0, address, 0]),
                Some(Duration::from_millis(250))
            );
        }
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
mod imp {
    use std::io;
    use std::os::fd::BorrowedFd;

    use super::{Check, Unsupported};

    pub(crate) fn support() -> Result<(), Unsupported> {
        Err(Unsupported(
            "only Linux on x86_64 or aarch64 shows, through /proc, when a program waits for input"
                .to_owned(),
        ))
    }

    pub(in crate::process) struct Census;

    impl Census {
        pub(in crate::process) fn take(_procs: Option<&std::path::Path>) -> Census {
            Census
        }
    }

    pub(in crate::process) struct Watcher;

    impl Watcher {
        pub(in crate::process) fn new(
            _census: Census,
            _leader: u32,
            _stdin: BorrowedFd<'_>,
        ) -> io::Result<Watcher> {
            Err(io::Error::other(
                support().err().map(|why| why.0).unwrap_or_default(),
            ))
        }

        pub(in crate::process) fn check(&mut self, _written: usize) -> Check {
            Check::Blind
        }

        pub(in crate::process) fn reading_still(&mut self) -> Option<u64> {
            None
        }

        pub(in crate::process) fn input_link(&self) -> &str {
            ""
        }
    }
}
