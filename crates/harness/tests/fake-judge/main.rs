//! The harness's own fake judge: a checker or an interactor of the output validator interface
//! (`JUDGE INPUT ANSWER FEEDBACK_DIR STEP [ARGUMENT]`), whose step says how it judges, so that
//! the harness's tests can make a judge that accepts, rejects, scores, breaks, hangs or floods
//! exactly as a case needs.
//!
//! Steps:
//!
//! - `accept`: exits 42;
//! - `reject MESSAGE`: writes MESSAGE to `teammessage.txt` and `judge: MESSAGE` to
//!   `judgemessage.txt`, exits 43;
//! - `reject-after MS MESSAGE`: sleeps MS milliseconds, then does `reject MESSAGE`;
//! - `score FRACTION`: writes FRACTION to `score.txt`, exits 42;
//! - `same`: accepts when its standard input is the answer file and the input file is
//!   `INPUT`'s bytes as the case gives them (`same-input TEXT` checks the input is TEXT too);
//!   else rejects, saying what it got;
//! - `status N`: writes `broken judge` on standard error, exits N;
//! - `crash`: aborts;
//! - `hang`: sleeps until it is killed;
//! - `echo-check`: as an interactor, sends `hello`, reads a line, accepts `got hello`;
//! - `spin-then-echo-check MS`: keeps a CPU busy for MS milliseconds, then does `echo-check`;
//! - `send-close-then-check`: sends `hello`, closes its standard output, reads its input to
//!   the end, accepts when its first line is `got hello`;
//! - `two-then-check`: sends `1` and `2` in one write, then reads two lines, accepts
//!   `got 1` and `got 2`;
//! - `wait-for-program`: reads its input to the end, then rejects: the program said nothing;
//! - `poll-for-program`: waits for its input in `poll` with a timeout of 5 s, as an event loop
//!   does, then rejects;
//! - `flood`: writes lines until it is killed;
//! - `send-and-accept`: sends `hello` and exits 42 without reading anything;
//! - `count FILE N`: appends a line to FILE, and rejects on the Nth time it is run, else
//!   accepts.

use std::env;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::thread;
use std::time::Duration;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let [input, answer, feedback, step, rest @ ..] = args.as_slice() else {
        eprintln!("usage: fake-judge INPUT ANSWER FEEDBACK_DIR STEP [ARGUMENT]");
        return ExitCode::from(2);
    };
    let feedback = PathBuf::from(feedback);
    let argument = rest.first().cloned().unwrap_or_default();
    let reject = |message: &str| {
        let _ = fs::write(feedback.join("teammessage.txt"), message);
        let _ = fs::write(
            feedback.join("judgemessage.txt"),
            format!("judge: {message}"),
        );
        ExitCode::from(43)
    };
    let mut out = io::stdout();
    let lines = || io::stdin().lock().lines();
    match step.as_str() {
        "accept" => ExitCode::from(42),
        "reject" => reject(&argument),
        "reject-after" => {
            thread::sleep(Duration::from_millis(argument.parse().unwrap_or(0)));
            reject(rest.get(1).map_or("", String::as_str))
        }
        "score" => {
            let _ = fs::write(feedback.join("score.txt"), &argument);
            ExitCode::from(42)
        }
        "same" | "same-input" => {
            let mut output = Vec::new();
            let _ = io::stdin().read_to_end(&mut output);
            let given_input = fs::read(input).unwrap_or_default();
            let given_answer = fs::read(answer).unwrap_or_default();
            if step == "same-input" && given_input != argument.replace("\\n", "\n").as_bytes() {
                return reject(&format!(
                    "the input file held {:?}",
                    String::from_utf8_lossy(&given_input)
                ));
            }
            if output == given_answer {
                ExitCode::from(42)
            } else {
                reject(&format!(
                    "the output {:?} is not the answer {:?}",
                    String::from_utf8_lossy(&output),
                    String::from_utf8_lossy(&given_answer)
                ))
            }
        }
        "status" => {
            eprintln!("broken judge");
            ExitCode::from(argument.parse::<u8>().unwrap_or(1))
        }
        "crash" => std::process::abort(),
        "hang" => loop {
            thread::sleep(Duration::from_secs(60));
        },
        "echo-check" | "spin-then-echo-check" => {
            if step == "spin-then-echo-check" {
                let busy = Duration::from_millis(argument.parse().unwrap_or(0));
                let started = std::time::Instant::now();
                while started.elapsed() < busy {
                    std::hint::spin_loop();
                }
            }
            let _ = writeln!(out, "hello").and_then(|()| out.flush());
            match lines().next() {
                Some(Ok(line)) if line == "got hello" => ExitCode::from(42),
                Some(Ok(line)) => {
                    reject(&format!("the program answered `{line}`, not `got hello`"))
                }
                _ => reject("the program ended before it answered"),
            }
        }
        "send-close-then-check" => {
            let _ = writeln!(out, "hello").and_then(|()| out.flush());
            // SAFETY: close(2) of descriptor 1, which nothing here writes to after.
            #[allow(unsafe_code)]
            unsafe {
                libc::close(1);
            }
            let got: Vec<String> = lines().map_while(Result::ok).collect();
            if got.first().is_some_and(|line| line == "got hello") {
                ExitCode::from(42)
            } else {
                reject(&format!("the program answered {got:?}"))
            }
        }
        "two-then-check" => {
            let _ = out.write_all(b"1\n2\n").and_then(|()| out.flush());
            let got: Vec<String> = lines().take(2).map_while(Result::ok).collect();
            if got == ["got 1", "got 2"] {
                ExitCode::from(42)
            } else {
                reject(&format!("the program answered {got:?}"))
            }
        }
        "wait-for-program" => {
            let said = lines().map_while(Result::ok).count();
            reject(&format!("the program said {said} lines and nothing more"))
        }
        "poll-for-program" => {
            let mut watched = libc::pollfd {
                fd: 0,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll(2) on one valid pollfd, which lives across the call.
            #[allow(unsafe_code)]
            let ready = unsafe { libc::poll(&raw mut watched, 1, 5000) };
            reject(&format!("poll returned {ready}"))
        }
        "flood" => loop {
            if writeln!(out, "more").is_err() {
                return ExitCode::from(1);
            }
        },
        "send-and-accept" => {
            let _ = writeln!(out, "hello").and_then(|()| out.flush());
            ExitCode::from(42)
        }
        "count" => {
            let file = PathBuf::from(&argument);
            let before = fs::read_to_string(&file).unwrap_or_default();
            let _ = fs::write(&file, format!("{before}run\n"));
            let nth = before.lines().count() + 1;
            let reject_at: usize = rest.get(1).and_then(|n| n.parse().ok()).unwrap_or(0);
            if nth == reject_at {
                reject(&format!("run {nth} was wrong"))
            } else {
                ExitCode::from(42)
            }
        }
        other => {
            eprintln!("no step `{other}`");
            ExitCode::from(2)
        }
    }
}
