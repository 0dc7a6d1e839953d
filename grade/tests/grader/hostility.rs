//! The grader against hostile submissions (`hostile.rs`): each attack gets its verdict, within
//! the time limit plus a small margin, and leaves no process behind (every process an attack
//! starts carries a marker unique to its test).

use std::ffi::OsString;
use std::fs;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use test_support::Trial;

use crate::{args, grade, submission, tests_dir, this_executable};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("hostile":
        a_sleeper_left_holding_stdout_does_not_hold_a_passing_case,
        a_sleeper_left_holding_stderr_does_not_hold_a_passing_case,
        a_sleeper_left_holding_stdin_does_not_block_the_input,
        a_double_fork_leaves_nothing_running,
        a_group_of_its_own_leaves_nothing_running,
        joining_the_graders_group_is_refused_and_the_case_killed,
        the_cheat_that_reads_the_fixtures_fails_every_case,
        a_fifo_planted_at_the_json_destination_neither_blocks_nor_loses_the_results,
        terminal_codes_on_stderr_are_shown_escaped,
        characters_a_terminal_hides_in_the_output_are_shown_escaped,
        a_case_cannot_write_on_the_graders_terminal,
        running_out_of_file_descriptors_is_the_graders_failure,
        sigint_kills_every_running_case,
        sigterm_kills_every_running_case,
        sighup_kills_every_running_case,
        one_hanging_submission_does_not_stall_a_class,
        a_folder_name_that_is_not_utf8_is_graded_and_shown_escaped,
        a_fixture_that_is_a_fifo_or_a_device_is_refused_at_once,
    )
}

/// The time limit these tests grade with, and what beyond it a whole `grade` run may take.
const LIMIT: &str = "0.1";
const LIMIT_SECONDS: f64 = 0.1;
const MARGIN: Duration = Duration::from_millis(1500);

/// A marker unique to one test of this run.
fn marker(test: &str) -> String {
    format!("grade-hostile-{test}-{}", std::process::id())
}

/// Asserts that no process carries `marker`, giving the killing a moment to be seen: a process
/// killed ends only once it next runs.
pub(crate) fn nothing_left(marker: &str) {
    let started = Instant::now();
    let grace = test_support::stretched(Duration::from_secs(2));
    loop {
        let left = test_support::processes::holding(marker);
        if left.is_empty() {
            return;
        }
        if started.elapsed() > grace {
            // Clean up, then fail: the grader left these.
            for process in &left {
                if let Ok(pid) = libc::pid_t::try_from(process.pid) {
                    // SAFETY: kill(2) on a process this test's grader left running.
                    #[allow(unsafe_code)]
                    unsafe {
                        libc::kill(pid, libc::SIGKILL);
                    }
                }
            }
            panic!(
                "processes left running:\n{}",
                test_support::processes::listed(&left)
            );
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// Grades the hostile `behaviour` on the hostile fixtures with `options`, and checks that it
/// took at most the time limit of each case plus the margin.
fn grade_hostile(options: &[&str], behaviour: &str, arg: &str) -> crate::Graded {
    let mut words = args(&["--fixtures", "fixtures-hostile", "--timeout", LIMIT]);
    words.extend(args(options));
    let mut command = submission(&[], behaviour, &[arg]);
    command.splice(1..1, words);
    let started = Instant::now();
    let graded = grade(&command);
    let cases = 2.0;
    let bound = Duration::from_secs_f64(cases * LIMIT_SECONDS) + test_support::stretched(MARGIN);
    assert!(
        started.elapsed() <= bound,
        "{behaviour} held the grader for {:?} (bound {bound:?}):\n{}",
        started.elapsed(),
        graded.report
    );
    graded
}

/// Grades the hostile `behaviour`, which answers every case right on its way, with a marker
/// named after `test`: it passes every case, and nothing it started is left running.
fn passes_and_leaves_nothing(test: &str, behaviour: &str) {
    let marker = marker(test);
    let graded = grade_hostile(&["--all"], behaviour, &marker);
    assert!(
        graded
            .report
            .ends_with("2 passed, 0 failed: 2 of 2 exact, 2 of 2 content\n"),
        "{}",
        graded.report
    );
    nothing_left(&marker);
}

fn a_sleeper_left_holding_stdout_does_not_hold_a_passing_case() {
    passes_and_leaves_nothing("stdout", "leaves-sleeper-on-stdout");
}

fn a_sleeper_left_holding_stderr_does_not_hold_a_passing_case() {
    passes_and_leaves_nothing("stderr", "leaves-sleeper-on-stderr");
}

fn a_sleeper_left_holding_stdin_does_not_block_the_input() {
    let marker = marker("stdin");
    // The second case's input is larger than a pipe holds: writing it blocks while the sleeper
    // keeps stdin open without reading.
    for mode in [&["--all"][..], &["--all", "--whole-input"]] {
        let graded = grade_hostile(mode, "leaves-sleeper-on-stdin", &marker);
        assert!(
            graded
                .report
                .contains("#2 huge-line-then-draw: Wrong answer"),
            "{mode:?}: {}",
            graded.report
        );
        nothing_left(&marker);
    }
}

fn a_double_fork_leaves_nothing_running() {
    passes_and_leaves_nothing("double-fork", "escapes-by-double-fork");
}

fn a_group_of_its_own_leaves_nothing_running() {
    passes_and_leaves_nothing("own-group", "escapes-by-own-group");
}

fn joining_the_graders_group_is_refused_and_the_case_killed() {
    let marker = marker("join");
    let graded = grade_hostile(&[], "joins-grader-group", &marker);
    assert!(
        graded.report.contains("#1 draw-full-grid: Timed out"),
        "{}",
        graded.report
    );
    nothing_left(&marker);
}

/// The cheat finds the fixtures through `/proc/<grader>` and prints their expected output. In
/// the sandbox it finds nothing it can read, and fails every case; run without the sandbox it
/// passes every one, which is why the sandbox is there.
fn the_cheat_that_reads_the_fixtures_fails_every_case() {
    let sandboxed = grade_hostile(&["--all", "--whole-input"], "cheats", "");
    assert!(
        sandboxed
            .report
            .ends_with("0 passed, 2 failed: 0 of 2 exact, 0 of 2 content\n"),
        "{}",
        sandboxed.report
    );
    let unsandboxed = grade_hostile(&["--all", "--whole-input", "--no-sandbox"], "cheats", "");
    assert!(
        unsandboxed
            .report
            .ends_with("2 passed, 0 failed: 2 of 2 exact, 2 of 2 content\n"),
        "the cheat should work without the sandbox, or this test proves nothing: {}",
        unsandboxed.report
    );
}

/// A submission that replaces the JSON file with a FIFO while it runs: the grader writes the
/// results beside it and renames them into place, so it neither blocks nor loses them, in the
/// sandbox (where the folder is not even writable) and without it.
fn a_fifo_planted_at_the_json_destination_neither_blocks_nor_loses_the_results() {
    for sandbox in [&[][..], &["--no-sandbox"]] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let json = dir.path().join("results.json");
        fs::write(&json, "{}").expect("an old file");
        let json_text = json.to_str().expect("UTF-8");
        let mut options = vec!["--all", "--json", json_text];
        options.extend(sandbox);
        let graded = grade_hostile(&options, "plants-fifo", json_text);
        let results: serde_json::Value =
            crate::results_json(&fs::read_to_string(&json).expect("a file"));
        assert_eq!(
            results["tests"].as_array().map(Vec::len),
            Some(2),
            "{}",
            graded.report
        );
    }
}

fn terminal_codes_on_stderr_are_shown_escaped() {
    let graded = grade_hostile(&[], "injects-terminal-codes", "");
    assert!(!graded.report.contains('\x1b'), "{:?}", graded.report);
    assert!(!graded.report.contains('\x07'), "{:?}", graded.report);
    assert!(graded.report.contains("\\u{1b}[2J"), "{}", graded.report);
}

fn characters_a_terminal_hides_in_the_output_are_shown_escaped() {
    let graded = grade_hostile(&["--whole-input"], "hides-characters", "");
    assert!(
        graded.report.contains("| O X\\u{200b} X |"),
        "{}",
        graded.report
    );
    assert!(!graded.report.contains('\u{200b}'), "{}", graded.report);
    assert!(!graded.report.contains('\u{202e}'), "{}", graded.report);
}

/// Run on a pseudo-terminal of its own, the grader has a controlling terminal; its cases, in
/// sessions of their own, have none, so `/dev/tty` cannot be opened.
fn a_case_cannot_write_on_the_graders_terminal() {
    let marker = marker("tty");
    let (mut controller, mut terminal): (libc::c_int, libc::c_int) = (0, 0);
    // SAFETY: openpty writes two descriptors into the two integers; the name, termios and
    // window size pointers may be null.
    #[allow(unsafe_code)]
    let opened = unsafe {
        libc::openpty(
            &raw mut controller,
            &raw mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty");
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("grade"));
    command
        .current_dir(tests_dir())
        .args(["3", "--fixtures", "fixtures-hostile", "--all", "--"])
        .arg(this_executable())
        .args([crate::submission::FLAG, "writes-to-tty", &marker])
        .stdin(Stdio::null());
    // SAFETY: setsid and ioctl(TIOCSCTTY) are async-signal-safe; they make the terminal the
    // controlling terminal of the grader's new session.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            libc::setsid();
            libc::ioctl(terminal, libc::TIOCSCTTY, 0);
            Ok(())
        });
    }
    let output = command.output().expect("grade runs");
    // SAFETY: closing two descriptors this test owns.
    #[allow(unsafe_code)]
    unsafe {
        libc::close(terminal);
        libc::close(controller);
    }
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        report.ends_with("2 passed, 0 failed: 2 of 2 exact, 2 of 2 content\n"),
        "{report}"
    );
}

/// With twelve file descriptors, the grader cannot run its cases: that is its own failure, exit
/// status 3 and a message, never "Cannot start" blamed on the program.
fn running_out_of_file_descriptors_is_the_graders_failure() {
    // A grader out of descriptors cannot remove what it made in the temporary folder: its own,
    // removed with this test.
    let temp = tempfile::tempdir().expect("a temporary folder");
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("grade"));
    command
        .current_dir(tests_dir())
        .env("TMPDIR", temp.path())
        .args(["3", "--fixtures", "fixtures", "--all", "--"])
        .arg(this_executable())
        .args([crate::submission::FLAG, "correct"]);
    // SAFETY: setrlimit takes a pointer to a local struct that lives across the call.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 12,
                rlim_max: 12,
            };
            libc::setrlimit(libc::RLIMIT_NOFILE, &raw const limit);
            Ok(())
        });
    }
    let output = command.output().expect("grade runs");
    let (report, errors) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(3), "{report}\n{errors}");
    assert!(!report.contains("Cannot start"), "{report}");
    assert!(errors.starts_with("grade: "), "{errors}");
}

/// Sends `signal` to a grader whose case is running, and checks that the grader ends as that
/// signal ends a program, that no process of the case survives, and that nothing is left in
/// the temporary folder (each `cargo test` once left a case's folder there a signal).
fn stop_the_grader_with(signal: libc::c_int, name: &str) {
    let marker = marker(name);
    let temp = tempfile::tempdir().expect("a temporary folder");
    let mut grader = Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(tests_dir())
        .env("TMPDIR", temp.path())
        .args([
            "3",
            "--fixtures",
            "fixtures-hostile",
            "--timeout",
            "30",
            "--",
        ])
        .arg(this_executable())
        .args([crate::submission::FLAG, "hangs-in-child", &marker])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("grade starts");
    let started = Instant::now();
    while test_support::processes::holding(&format!("sleeps {marker}")).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the case never started"
        );
        thread::sleep(Duration::from_millis(10));
    }
    let pid = libc::pid_t::try_from(grader.id()).expect("a pid");
    // SAFETY: kill(2) signals the grader this test started.
    #[allow(unsafe_code)]
    unsafe {
        libc::kill(pid, signal);
    }
    let status = test_support::within(Duration::from_secs(10), "the stopped grader", move || {
        grader.wait().expect("grade ends")
    });
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(signal), "{status}");
    nothing_left(&marker);
    let left: Vec<_> = fs::read_dir(temp.path())
        .expect("the temporary folder")
        .flatten()
        .map(|entry| entry.file_name())
        .collect();
    assert!(left.is_empty(), "left in the temporary folder: {left:?}");
}

fn sigint_kills_every_running_case() {
    stop_the_grader_with(libc::SIGINT, "sigint");
}

fn sigterm_kills_every_running_case() {
    stop_the_grader_with(libc::SIGTERM, "sigterm");
}

fn sighup_kills_every_running_case() {
    stop_the_grader_with(libc::SIGHUP, "sighup");
}

/// A class whose first submission hangs every case is graded in about the limit a case: the
/// others are graded too, and the hanging one leaves nothing behind.
fn one_hanging_submission_does_not_stall_a_class() {
    let marker = marker("class");
    let class = tempfile::tempdir().expect("a temporary folder");
    for name in ["a-hangs-in-child", "correct"] {
        fs::create_dir(class.path().join(name)).expect("a folder");
    }
    fs::write(
        class.path().join("a-hangs-in-child/fault"),
        "hangs-in-child",
    )
    .expect("written");
    let class_path = class.path().to_str().expect("UTF-8").to_owned();
    // The results as JSON too: a table says a case timed out, its message which bound stopped it.
    let results = tempfile::tempdir().expect("a temporary folder");
    let json = results.path().join("results.json");
    let json_path = json.to_str().expect("UTF-8").to_owned();
    let graded = grade_hostile(
        &["--class", &class_path, "--json", &json_path],
        "{}",
        &marker,
    );
    let messages = || {
        let text = fs::read_to_string(&json).unwrap_or_default();
        text.lines()
            .filter(|line| line.trim_start().starts_with("\"message\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        graded.report.contains("a-hangs-in-child  0/2"),
        "{}\n{}",
        graded.report,
        messages()
    );
    assert!(
        graded.report.contains("correct           2/2"),
        "{}\n{}",
        graded.report,
        messages()
    );
    // A class with a case timed out is results as the schema documents them too.
    crate::results_json(&fs::read_to_string(&json).expect("written"));
    nothing_left(&marker);
}

/// A folder whose name is not UTF-8 is graded as it is (its command gets the name byte for
/// byte) and shown with the byte escaped.
fn a_folder_name_that_is_not_utf8_is_graded_and_shown_escaped() {
    let class = tempfile::tempdir().expect("a temporary folder");
    let folder = class
        .path()
        .join(OsString::from_vec(b"caf\xe9\x1b[31m".to_vec()));
    fs::create_dir(&folder).expect("a folder");
    fs::write(folder.join("fault"), "correct").expect("written");
    let class_path = class.path().to_str().expect("UTF-8").to_owned();
    let graded = grade_hostile(&["--class", &class_path], "{}", "");
    assert!(
        graded.report.contains("caf\\xe9\\u{1b}[31m"),
        "{}",
        graded.report
    );
    assert!(graded.report.contains("  2/2\n"), "{}", graded.report);
    assert!(!graded.report.contains('\x1b'), "{:?}", graded.report);
}

fn a_fixture_that_is_a_fifo_or_a_device_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let stage = dir.path().join("stage3");
    fs::create_dir(&stage).expect("a folder");
    std::os::unix::fs::symlink("/dev/zero", stage.join("zero.snap")).expect("a link");
    let fixtures = dir.path().to_str().expect("UTF-8").to_owned();
    let started = Instant::now();
    let graded = grade(&args(&["3", "--fixtures", &fixtures]));
    assert!(
        started.elapsed() < test_support::stretched(MARGIN),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(graded.status, Some(2), "{}", graded.stderr);
    assert!(
        graded.stderr.contains("zero.snap: not a regular file"),
        "{}",
        graded.stderr
    );
}
