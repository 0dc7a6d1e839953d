//! A line of 16 MiB without a newline: every reading stage answers it exactly as the
//! specification says while it may hold no more than 8 MiB of data, so nothing keeps the whole
//! line. The limit is enforced (`RLIMIT_DATA`), not measured afterwards: a process's peak size
//! carries over from the test process it was started from, and a stage that tried to keep the
//! line would fail to allocate and die.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

use test_support::{Trial, test, within};

use crate::stages::binary;

const HUGE: usize = 16 << 20;
/// The most data (heap and other private writable memory) a stage may hold.
const DATA_LIMIT: libc::rlim_t = 8 << 20;

/// What a stage is fed: `before`, then `fill` repeated to 16 MiB, then `after`.
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
        // 16 MiB of zeros and then 2 is the number 2.
        stage: 4,
        before: "_XXOO_OX_\n",
        fill: b'0',
        after: "2 3",
        stdout: "Enter cells: ---------\n| _ X X |\n| O O _ |\n| O X _ |\n---------\nEnter the coordinates: ---------\n| _ X X |\n| O O X |\n| O X _ |\n---------\n",
        status: 0,
    },
    Case {
        // A number of 16 Mi digits is an integer, out of range.
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

fn answer_in_bounded_memory(case: &Case) {
    let mut stage = Command::new(binary(case.stage));
    stage
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit(2) is async-signal-safe; it reads a struct on this closure's stack.
    #[allow(unsafe_code)]
    unsafe {
        stage.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: DATA_LIMIT,
                rlim_max: DATA_LIMIT,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &raw const limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = stage.spawn().expect("the stage starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let (fill, before, after) = (case.fill, case.before, case.after);
    let feeder = thread::spawn(move || {
        let chunk = vec![fill; 1 << 16];
        // A stage that dies of the limit stops reading: the failure is told below.
        let _ = stdin.write_all(before.as_bytes()).and_then(|()| {
            (0..HUGE / chunk.len()).try_for_each(|_| stdin.write_all(&chunk))?;
            stdin.write_all(after.as_bytes())
        });
    });
    let mut output = String::new();
    stdout.read_to_string(&mut output).expect("ASCII output");
    feeder.join().expect("the feeder ends");
    let result = child.wait_with_output().expect("the stage ends");
    assert!(
        result.status.signal().is_none(),
        "stage {} was killed ({}) holding at most {} MiB of data: {}",
        case.stage,
        result.status,
        DATA_LIMIT >> 20,
        String::from_utf8_lossy(&result.stderr)
    );
    assert_eq!(output, case.stdout, "stage {}", case.stage);
    assert_eq!(
        result.status.code(),
        Some(case.status),
        "stage {}",
        case.stage
    );
}
