//! A line of 32 MiB without a newline: every reading stage answers it exactly as the
//! specification says, in less than half that much memory, so nothing keeps the whole line.

use std::io::{Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;

use std::time::Duration;

use test_support::{Trial, test, within};

use crate::stages::binary;

const HUGE: usize = 32 << 20;
const MEMORY_LIMIT_KIB: i64 = 16 << 10;

/// What a stage is fed: `before`, then `fill` repeated to 32 MiB, then `after`.
struct Case {
    stage: u8,
    before: &'static str,
    fill: u8,
    after: &'static str,
    stdout: &'static str,
    status: i32,
}

const CASES: [Case; 4] = [
    Case {
        stage: 2,
        before: "",
        fill: b'X',
        after: "",
        stdout: "Enter cells: You should enter 9 symbols: X, O or _!\nEnter cells: ",
        status: 1,
    },
    Case {
        // White space around a valid cell string is trimmed, however much there is.
        stage: 3,
        before: "",
        fill: b' ',
        after: "XXXOO__O_   ",
        stdout: "Enter cells: ---------\n| X X X |\n| O O _ |\n| _ O _ |\n---------\nX wins\n",
        status: 0,
    },
    Case {
        // 32 MiB of zeros and then 2 is the number 2.
        stage: 4,
        before: "_XXOO_OX_\n",
        fill: b'0',
        after: "2 3",
        stdout: "Enter cells: ---------\n| _ X X |\n| O O _ |\n| O X _ |\n---------\nEnter the coordinates: ---------\n| _ X X |\n| O O X |\n| O X _ |\n---------\n",
        status: 0,
    },
    Case {
        // A number of 32 Mi digits is an integer, out of range.
        stage: 5,
        before: "",
        fill: b'7',
        after: " 1",
        stdout: "---------\n| _ _ _ |\n| _ _ _ |\n| _ _ _ |\n---------\nEnter the coordinates: Coordinates should be from 1 to 3!\nEnter the coordinates: ",
        status: 1,
    },
];

pub(crate) fn trials() -> Vec<Trial> {
    CASES
        .into_iter()
        .map(|case| {
            test(
                format!(
                    "bounded_memory::stage{}_answers_a_huge_line_exactly",
                    case.stage
                ),
                move || {
                    within(
                        Duration::from_secs(60),
                        "a stage fed a huge line",
                        move || {
                            answer_in_bounded_memory(&case);
                        },
                    );
                },
            )
        })
        .collect()
}

// The child is reaped by `wait4`, which std cannot see, to read its own peak memory.
#[allow(clippy::zombie_processes)]
fn answer_in_bounded_memory(case: &Case) {
    {
        let mut child = Command::new(binary(case.stage))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the stage starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let (fill, before, after) = (case.fill, case.before, case.after);
        let feeder = thread::spawn(move || {
            let chunk = vec![fill; 1 << 16];
            let fed = stdin.write_all(before.as_bytes()).and_then(|()| {
                (0..HUGE / chunk.len()).try_for_each(|_| stdin.write_all(&chunk))?;
                stdin.write_all(after.as_bytes())
            });
            fed.expect("the stage reads all its input");
        });
        let mut output = String::new();
        stdout.read_to_string(&mut output).expect("ASCII output");
        feeder.join().expect("the feeder ends");
        let (status, peak_kib) = wait_with_peak_memory(child.id());
        assert_eq!(output, case.stdout, "stage {}", case.stage);
        assert_eq!(status.code(), Some(case.status), "stage {}", case.stage);
        assert!(
            peak_kib < MEMORY_LIMIT_KIB,
            "stage {} used {peak_kib} KiB",
            case.stage
        );
    }
}

/// Waits for the child `pid` and returns its status and its peak resident memory in KiB.
#[allow(unsafe_code)] // wait4(2), for the peak memory of one child
fn wait_with_peak_memory(pid: u32) -> (ExitStatus, i64) {
    let pid = libc::pid_t::try_from(pid).expect("a pid fits pid_t");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of that plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 writes only to the two pointers, which point to live locals.
    let waited = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
    assert_eq!(
        waited,
        pid,
        "wait4 failed: {}",
        std::io::Error::last_os_error()
    );
    (ExitStatus::from_raw(status), usage.ru_maxrss)
}
