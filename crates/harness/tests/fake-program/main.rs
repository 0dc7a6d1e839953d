//! The harness's own fake program (as trycmd's bin-fixture): its arguments are a script of
//! steps, so that the harness's tests can make a program that prompts, reads, waits, crashes,
//! floods or escapes exactly as a case needs, with no kata and no other language.
//!
//! Steps, run in order:
//!
//! - `say TEXT`: writes TEXT (`\n` as a newline) and flushes it;
//! - `buffer TEXT`: writes TEXT into a buffer that only the next `say`, `echo` or the exit
//!   flushes, as a prompt a program forgot to flush;
//! - `ask`: reads one line from standard input, blocking in `read`; exits with status 1 and
//!   `input ended` on standard error at the end of the input;
//! - `drain`: reads standard input to its end;
//! - `echo`: writes `got LINE` and a newline for the last line read, and flushes it;
//! - `sleep MS`: sleeps;
//! - `close-output`: closes its standard output, as a program about to crash does;
//! - `spin`: uses the CPU until it is killed;
//! - `flood`: writes output until it is killed;
//! - `read-file PATH`: writes `read PATH` or `cannot read PATH`;
//! - `write-file PATH`: writes a file at PATH (`~/` in it stands for its `HOME`), then `wrote
//!   PATH` or `cannot write PATH`;
//! - `pwd`: writes the folder it runs in;
//! - `fill-home BYTES`: writes files of BYTES each into its `HOME`, `wrote N bytes` on standard
//!   error after each (N in all so far), until a write is refused; then sleeps until it is
//!   killed;
//! - `orphan`: starts a copy of itself that sleeps a minute, in this program's process group
//!   as a forgotten background job would be, and writes its pid;
//! - `spinner`: starts a copy of itself that uses the CPU until it is killed, in this program's
//!   process group, as a worker process would, and goes on;
//! - `exit N`: exits with status N at once (the buffer is flushed first).

use std::env;
use std::fs;
use std::io::{self, BufRead, Write};
use std::process::{Command, ExitCode, Stdio};
use std::thread;
use std::time::Duration;

fn main() -> ExitCode {
    let steps: Vec<String> = env::args().skip(1).collect();
    let mut buffered = Vec::new();
    let mut last = String::new();
    let mut out = io::stdout();
    let mut steps = steps.iter();
    let status: u8 = loop {
        let Some(step) = steps.next() else { break 0 };
        let mut argument = || steps.next().cloned().unwrap_or_default();
        let written = match step.as_str() {
            "say" => write_out(&mut out, &mut buffered, &unescape(&argument())),
            "buffer" => {
                buffered.extend_from_slice(unescape(&argument()).as_bytes());
                Ok(())
            }
            "ask" => {
                last.clear();
                match io::stdin().lock().read_line(&mut last) {
                    Ok(0) | Err(_) => {
                        eprintln!("input ended");
                        break 1;
                    }
                    Ok(_) => {
                        let trimmed = last.trim_end_matches(['\n', '\r']).len();
                        last.truncate(trimmed);
                        Ok(())
                    }
                }
            }
            "echo" => write_out(&mut out, &mut buffered, &format!("got {last}\n")),
            "sleep" => {
                let ms = argument().parse().unwrap_or(0);
                thread::sleep(Duration::from_millis(ms));
                Ok(())
            }
            "close-output" => {
                // SAFETY: close(2) of descriptor 1, which nothing here writes to after: a step
                // that writes gets an error.
                #[allow(unsafe_code)]
                let closed = unsafe { libc::close(1) };
                if closed == 0 {
                    Ok(())
                } else {
                    Err(io::Error::last_os_error())
                }
            }
            "drain" => io::copy(&mut io::stdin().lock(), &mut io::sink()).map(|_| ()),
            "spin" => loop {
                std::hint::spin_loop();
            },
            "flood" => loop {
                if let Err(error) = out.write_all(&[b'x'; 4096]) {
                    break Err(error);
                }
            },
            "read-file" => {
                let path = argument();
                match fs::read(&path) {
                    Ok(_) => writeln!(out, "read {path}"),
                    Err(_) => writeln!(out, "cannot read {path}"),
                }
            }
            "fill-home" => {
                let block = vec![7; argument().parse().unwrap_or(4096)];
                let home = env::var_os("HOME").unwrap_or_default();
                let mut written = 0;
                for count in 0_u64.. {
                    let file = std::path::Path::new(&home).join(format!("filler-{count}"));
                    if fs::write(file, &block).is_err() {
                        break;
                    }
                    written += block.len();
                    // One write a line: the program may be killed at any moment.
                    let _ = io::stderr().write_all(format!("wrote {written} bytes\n").as_bytes());
                }
                thread::sleep(Duration::from_secs(60));
                Ok(())
            }
            "write-file" => {
                let path = argument();
                let home = env::var("HOME").unwrap_or_default();
                let at = path.replacen("~/", &format!("{home}/"), 1);
                match fs::write(&at, "written") {
                    Ok(()) => writeln!(out, "wrote {path}"),
                    Err(_) => writeln!(out, "cannot write {path}"),
                }
            }
            "pwd" => match env::current_dir() {
                Ok(folder) => writeln!(out, "{}", folder.display()),
                Err(_) => writeln!(out, "no folder"),
            },
            "orphan" => match env::current_exe().and_then(|me| {
                Command::new(me)
                    .args(["sleep", "60000"])
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
            }) {
                Ok(child) => writeln!(out, "{}", child.id()).and_then(|()| out.flush()),
                Err(_) => writeln!(out, "cannot start"),
            },
            "spinner" => match env::current_exe().and_then(|me| {
                Command::new(me)
                    .arg("spin")
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .spawn()
            }) {
                Ok(_) => Ok(()),
                Err(_) => writeln!(out, "cannot start"),
            },
            "exit" => break argument().parse().unwrap_or(0),
            other => {
                eprintln!("fake-program: unknown step `{other}`");
                break 2;
            }
        };
        if written.is_err() {
            break 3;
        }
    };
    let _ = out.write_all(&buffered).and_then(|()| out.flush());
    ExitCode::from(status)
}

/// Writes what was buffered, then `text`, and flushes both.
fn write_out(out: &mut impl Write, buffered: &mut Vec<u8>, text: &str) -> io::Result<()> {
    out.write_all(buffered)?;
    buffered.clear();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// TEXT with each `\n` made a newline.
fn unescape(text: &str) -> String {
    text.replace("\\n", "\n")
}
