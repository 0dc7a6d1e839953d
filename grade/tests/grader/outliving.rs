//! Nothing outlives the grader: a grader killed mid-class by a signal it cannot handle (SIGKILL)
//! or does not (SIGQUIT, SIGABRT, SIGSEGV) leaves no case running, neither the cases' programs
//! nor the detached processes they started, and no control group; and when its guard is killed
//! with it, the next grader ends and removes what they left.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use test_support::Trial;

pub(crate) fn trials() -> Vec<Trial> {
    let mut trials: Vec<Trial> = [
        ("kill", libc::SIGKILL),
        ("quit", libc::SIGQUIT),
        ("abort", libc::SIGABRT),
        ("segv", libc::SIGSEGV),
    ]
    .into_iter()
    .map(|(name, signal)| {
        test_support::test(
            format!("outliving::a_grader_killed_by_sig{name}_leaves_nothing_running"),
            move || killed_mid_class_leaves_nothing(signal),
        )
    })
    .collect();
    trials.push(test_support::test(
        "outliving::the_next_grader_ends_what_a_grader_and_its_guard_killed_together_left",
        the_next_grader_ends_what_a_grader_and_its_guard_killed_together_left,
    ));
    trials
}

/// How long a case's processes may outlive their grader: a second, as the issue asks.
const GRACE: Duration = Duration::from_secs(1);

/// A class of three in `dir`, each case a program that starts a detached process (a session of
/// its own) and then waits for ever, both named by `marker`; grading starts, and this returns once every
/// case's two processes run.
fn grade_a_sleeping_class(dir: &Path, marker: &str) -> Child {
    let class = dir.join("class");
    for name in ["ann", "bob", "cy"] {
        fs::create_dir_all(class.join(name)).expect("a folder");
    }
    crate::points::write_kata(&dir.join("words"), "", &["one"]);
    // Loops of short sleeps, so that every process that lasts holds the marker.
    let forever = format!("while :; do sleep 1; done; : {marker}");
    let script = format!("setsid sh -c '{forever}' & {forever}");
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("grade"));
    command
        .args([
            "--kata",
            "words",
            "1",
            "--class",
            "class",
            "--timeout",
            "20",
        ])
        .args(["--", "sh", "-c", &script, "{}"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // A shell starts its background commands with SIGQUIT ignored, and an ignored signal stays
    // ignored across exec: the grader gets the default action, as from a terminal.
    // SAFETY: signal(2) is async-signal-safe and touches nothing of the parent's.
    #[allow(unsafe_code)]
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
            libc::signal(libc::SIGQUIT, libc::SIG_DFL);
            Ok(())
        });
    }
    let grader = command.spawn().expect("grade starts");
    let started = Instant::now();
    // Cases run a few at a time: at least one case's two processes, detached one included.
    while running(marker).len() < 2 {
        assert!(
            started.elapsed() < crate::WATCHDOG,
            "the cases never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    grader
}

/// The processes whose command line holds `marker`.
fn running(marker: &str) -> Vec<String> {
    test_support::processes::holding(marker)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Waits up to [`GRACE`] for no process of `marker` to run.
fn none_left_within_grace(marker: &str) {
    let ended = Instant::now();
    while !running(marker).is_empty() {
        assert!(
            ended.elapsed() < test_support::stretched(GRACE),
            "still running {GRACE:?} after the grader died: {:?}",
            running(marker)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The control groups of the grader `pid`, where this machine makes them.
fn groups_of(pid: u32) -> Vec<PathBuf> {
    let parents = match runner::cgroup::support() {
        runner::cgroup::Support::Enforced { hierarchy } => match hierarchy {
            runner::cgroup::Hierarchy::V1 { memory, pids } => vec![memory.clone(), pids.clone()],
            runner::cgroup::Hierarchy::V2 { parent } => vec![parent.clone()],
        },
        runner::cgroup::Support::Off(_) => Vec::new(),
    };
    let prefix = format!("grade-{pid}-case-");
    parents
        .iter()
        .filter_map(|parent| fs::read_dir(parent).ok())
        .flat_map(|entries| entries.flatten())
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(&prefix))
        .map(|entry| entry.path())
        .collect()
}

fn signal(pid: u32, signal: libc::c_int) {
    let pid = libc::pid_t::try_from(pid).expect("a pid");
    // SAFETY: kill(2) touches no memory.
    #[allow(unsafe_code)]
    unsafe {
        libc::kill(pid, signal);
    }
}

/// A grader that a failed assertion leaves running is killed.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn killed_mid_class_leaves_nothing(signal_number: libc::c_int) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let marker = format!("outliving-{}-{signal_number}", std::process::id());
    let mut grader = KillOnDrop(grade_a_sleeping_class(dir.path(), &marker));
    let grader = &mut grader.0;
    signal(grader.id(), signal_number);
    // A SIGSEGV sent by kill(2), not by a fault, is taken by the Rust runtime's handler for
    // stack overflows, which puts the default action back and returns: the next one ends the
    // grader, as a real fault would at once.
    std::thread::sleep(Duration::from_millis(100));
    if signal_number == libc::SIGSEGV && grader.try_wait().expect("a status").is_none() {
        signal(grader.id(), signal_number);
    }
    grader.wait().expect("the grader ends");
    none_left_within_grace(&marker);
    let started = Instant::now();
    while !groups_of(grader.id()).is_empty() {
        assert!(
            started.elapsed() < test_support::stretched(GRACE),
            "groups left: {:?}",
            groups_of(grader.id())
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn the_next_grader_ends_what_a_grader_and_its_guard_killed_together_left() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let marker = format!("outliving-{}-both", std::process::id());
    let mut grader = KillOnDrop(grade_a_sleeping_class(dir.path(), &marker));
    let grader = &mut grader.0;
    // Looked for again for a moment: one look found no guard about once in forty runs of
    // these trials, while the grader's children listed right after held it.
    let started = Instant::now();
    let guards = loop {
        let guards = test_support::processes::holding("guard-cases-of-grader");
        if guards.iter().any(|process| process.parent == grader.id())
            || started.elapsed() >= test_support::stretched(GRACE)
        {
            break guards;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let guard = guards
        .iter()
        .find(|process| process.parent == grader.id())
        .unwrap_or_else(|| {
            let children: Vec<_> = test_support::processes::holding("")
                .into_iter()
                .filter(|process| process.parent == grader.id())
                .collect();
            panic!(
                "the grader {} ({}) has no guard among:\n{}its children:\n{}the marked:\n{}",
                grader.id(),
                fs::read_to_string(format!("/proc/{}/stat", grader.id())).unwrap_or_default(),
                test_support::processes::listed(&guards),
                test_support::processes::listed(&children),
                running(&marker).join("\n")
            )
        })
        .pid;
    signal(guard, libc::SIGKILL);
    signal(grader.id(), libc::SIGKILL);
    grader.wait().expect("the grader ends");
    // The cases' programs are told by the kernel; what they started, in their control groups,
    // is left to the next grader, where control groups hold it.
    if groups_of(grader.id()).is_empty() {
        return;
    }
    let (status, report, errors) =
        crate::katas::grade_in(dir.path(), &["--kata", "words", "1", "--", "echo", "one"]);
    assert_eq!(status, Some(0), "{report}{errors}");
    none_left_within_grace(&marker);
    assert_eq!(groups_of(grader.id()), Vec::<PathBuf>::new());
}
