//! `kata watch` as a learner runs it, but without a terminal: a plain re-run loop that checks
//! the current stage again after a save, and takes `q` on a line of its input to end.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use test_support::{Trial, test};

use crate::flow::{shell_project, solve};
use crate::{kata_executable, snapshot};

/// The longest the whole test may take before it fails instead of hanging.
const WATCHDOG: Duration = Duration::from_secs(60);

/// The longest a re-check may take to be reported after a save: a burst of saves is waited
/// out for a fifth of a second, and checking a shell script takes milliseconds.
const RECHECKED_WITHIN: Duration = Duration::from_secs(5);

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "watch::without_a_terminal_a_save_is_checked_within_seconds",
            || test_support::within(WATCHDOG, "kata watch", rechecks_after_a_save),
        ),
        test("watch::a_save_in_a_stages_folder_checks_that_stage", || {
            test_support::within(WATCHDOG, "kata watch", checks_the_stage_saved)
        }),
    ]
}

/// A running `kata watch`, killed if the test ends early.
struct Watch {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: String,
}

impl Watch {
    fn start(root: &std::path::Path) -> Watch {
        let mut child = Command::new(kata_executable())
            .arg("watch")
            .current_dir(root)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kata watch starts");
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Watch {
            child,
            stdin,
            lines,
            seen: String::new(),
        }
    }

    /// Reads lines until one satisfies `wanted`, for at most `limit`; panics with what was seen
    /// otherwise.
    fn until(&mut self, limit: Duration, wanted: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen += &line;
                    self.seen.push('\n');
                    if wanted(&line) {
                        return;
                    }
                }
                Err(_) => panic!(
                    "kata watch did not say what was awaited within {limit:?}; it said:\n{}",
                    self.seen
                ),
            }
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn rechecks_after_a_save() {
    let sandbox = shell_project();
    let mut watch = Watch::start(&sandbox.root);
    // The first check, of the starter, and the line that says the watch waits for saves.
    watch.until(WATCHDOG, |line| line.starts_with("Watching for saves"));
    assert!(
        watch.seen.contains("Wrong answer in test #1"),
        "{}",
        watch.seen
    );

    solve(&sandbox, 1);
    let saved = Instant::now();
    watch.until(RECHECKED_WITHIN, |line| line.contains("Stage 1 is done!"));
    let rechecked = saved.elapsed();
    watch.until(WATCHDOG, |line| line.starts_with("Watching for saves"));

    let mut stdin = watch.stdin.take().expect("piped");
    stdin.write_all(b"h\nq\n").expect("keys sent");
    let status = watch.child.wait().expect("kata watch ends");
    // Everything it wrote, to its end.
    while let Ok(line) = watch.lines.recv() {
        watch.seen += &line;
        watch.seen.push('\n');
    }
    assert_eq!(status.code(), Some(0), "{}", watch.seen);
    assert!(rechecked <= RECHECKED_WITHIN, "{rechecked:?}");
    // Two checks, one a save: running the program, which reads its file, is no save.
    assert_eq!(watch.seen.matches("Grading `").count(), 2, "{}", watch.seen);
    snapshot("watch", &watch.seen);
}

/// Stage 2 is current; a save of stage 3's program checks stage 3, not stage 2, and the progress
/// line still speaks of stage 2. A save of stage 2's then checks stage 2.
fn checks_the_stage_saved() {
    let sandbox = shell_project();
    solve(&sandbox, 1);
    let mut watch = Watch::start(&sandbox.root);
    watch.until(WATCHDOG, |line| line.starts_with("Watching for saves"));
    assert!(watch.seen.contains("Stage 2 of 5"), "{}", watch.seen);

    sandbox.write("stage3/main.sh", "echo 'Enter cells: '\n");
    watch.until(RECHECKED_WITHIN, |line| line.starts_with("Stage 3 of 5"));
    watch.until(WATCHDOG, |line| line.starts_with("Watching for saves"));
    let after_stage_3 = watch
        .seen
        .rsplit("Stage 3 of 5")
        .next()
        .unwrap_or("")
        .to_owned();
    assert!(after_stage_3.contains("in test #1"), "{}", watch.seen);

    solve(&sandbox, 2);
    watch.until(RECHECKED_WITHIN, |line| line.contains("Stage 2 is done!"));
    watch.until(WATCHDOG, |line| line.starts_with("Watching for saves"));
}
