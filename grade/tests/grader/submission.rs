//! The faulty submissions the grader is tested on: one program with a fault switch, which is
//! this test executable itself run as `<exe> --submission FAULT [ARG]`. It starts in a
//! millisecond, needs no interpreter, and each fault is a reference stage with one thing
//! changed, so every other line stays right: stage 3, or stage 5 for the faults that need
//! coordinates or several grids.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Command, ExitCode};
use std::thread;
use std::time::Duration;

use tictactoe::console::{StageError, run_program};
use tictactoe::{Board, GameState};

/// The argument that makes the test executable act as a submission.
pub(crate) const FLAG: &str = "--submission";

/// Acts as the submission with `fault` (`../submissions/README.md` lists them with the verdict
/// each must get); `marker` tags the processes a hanging fault leaves, so
/// that a test can look for them.
pub(crate) fn run(fault: &str, marker: Option<&str>) -> ExitCode {
    match fault {
        "correct" => run_program("stage3", stage3::run),
        "wrong-cell" => filtered(|line| {
            if is_grid_row(line) {
                format!("{}_ |\n", &line[..6])
            } else {
                line.to_owned()
            }
        }),
        "missing-exclamation" => filtered(|line| line.replace("X, O or _!", "X, O or _")),
        "prompt-without-space" => filtered(|line| line.replace("Enter cells: ", "Enter cells:")),
        "prompt-on-its-own-line" => {
            filtered(|line| line.replace("Enter cells: ", "Enter cells:\n"))
        }
        "no-prompts" => filtered(|line| line.replace("Enter cells: ", "")),
        "long-border" => filtered(|line| line.replace("---------", "-----------")),
        "capital-wins" => filtered(|line| line.replace(" wins", " Wins")),
        "wrong-winner-after-prompt-without-space" => filtered(|line| {
            line.replace("Enter cells: ", "Enter cells:")
                .replace("X wins", "O wins")
        }),
        "asks-again-at-end-of-input" => {
            // As a program that takes the end of its input for an empty answer would: it
            // refuses it and asks again, forever.
            run_program("stage3", |input, output| {
                stage3::run(BufReader::new(input.chain(io::repeat(b'\n'))), output)
            })
        }
        "blank-line-before-prompt" => filtered_stage5(|line| {
            if line.starts_with("Enter the coordinates: ") {
                format!("\n{line}")
            } else {
                line.to_owned()
            }
        }),
        "old-coordinates" => run_program("stage5", |input, output| {
            stage5::run(Answers::new(input, old_coordinates), output)
        }),
        // The faults of learners' programs whose feedback must name the real fault
        // (`../submissions/README.md`, "Feedback that names the real fault").
        "prompts-without-colons" => filtered_stage("stage4", stage4::run, |line| {
            line.replace("Enter cells: ", "Enter cells ")
                .replace("Enter the coordinates: ", "Enter the coordinates ")
        }),
        "game-not-finished-after-each-move" => {
            let mut grid = GridWatch::default();
            filtered_stage5(move |line| match grid.closed_by(line) {
                Some(GameState::NotFinished) => format!("{line}Game not finished\n"),
                _ => line.to_owned(),
            })
        }
        "grid-again-after-rejection" => {
            let mut grid = GridWatch::default();
            filtered_stage5(move |line| {
                grid.closed_by(line);
                if line.ends_with("!\n") && !grid.last.is_empty() {
                    format!("{line}{}", grid.last)
                } else {
                    line.to_owned()
                }
            })
        }
        "first-prompt-on-its-own-line-then-none" => filtered_stage("stage4", stage4::run, |line| {
            line.replace("Enter cells: ", "Enter cells:\n")
                .replace("Enter the coordinates: ", "")
        }),
        "lower-case-rows-with-trailing-space" => filtered(|line| {
            if is_grid_row(line) {
                line.to_lowercase().replace(" |\n", " | \n")
            } else {
                line.to_owned()
            }
        }),
        "cells-rejected-in-own-words" => filtered(|line| {
            line.replace("You should enter 9 symbols: X, O or _!", "invalid value!")
        }),
        // The digit `0` for the letter `O` in the second row of the grid, which both stage texts
        // warn of: stage 1's rows are bare, stage 2's are between bars.
        "stage1-zero-for-o-in-row-2" => {
            let mut lines = 0;
            filtered_stage("stage1", stage1::run, move |line| {
                lines += 1;
                if lines == 2 {
                    line.replace('O', "0")
                } else {
                    line.to_owned()
                }
            })
        }
        "stage2-zero-for-o-in-row-2" => {
            let mut rows = 0;
            filtered_stage("stage2", stage2::run, move |line| {
                if !is_grid_row(line) {
                    return line.to_owned();
                }
                rows += 1;
                if rows % 3 == 2 {
                    line.replace('O', "0")
                } else {
                    line.to_owned()
                }
            })
        }
        "no-initial-grid" => {
            let mut asked = false;
            filtered_stage5(move |line| {
                asked = asked || line.starts_with("Enter the coordinates: ");
                if asked {
                    line.to_owned()
                } else {
                    String::new()
                }
            })
        }
        "x-makes-every-move" => filtered_stage5(|line| {
            if is_grid_row(line) {
                line.replace('O', "X")
            } else {
                line.to_owned()
            }
        }),
        "moves-on-coordinates-out-of-range" => run_program("stage5", |input, output| {
            stage5::run(Answers::new(input, clamped_coordinates), output)
        }),
        "no-message-for-words" => {
            filtered_stage5(|line| line.replace("You should enter numbers!\n", ""))
        }
        "middle-row-missing-a-cell" => {
            let mut rows = 0;
            filtered(move |line| {
                if !is_grid_row(line) {
                    return line.to_owned();
                }
                rows += 1;
                if rows % 3 == 2 {
                    format!("{} |\n", &line[..5])
                } else {
                    line.to_owned()
                }
            })
        }
        "trailing-space" => filtered(|line| {
            if is_grid_row(line) {
                line.replace(" |\n", " | \n")
            } else {
                line.to_owned()
            }
        }),
        "crlf-output" => filtered(|line| line.replace('\n', "\r\n")),
        "space-for-empty-cell" => filtered(space_for_empty),
        "space-for-empty-cell-at" => {
            filtered_reference(&format!("stage{}", marker.unwrap_or("3")), space_for_empty)
        }
        "welcome-line" => {
            let mut first = true;
            filtered_stage5(move |line| {
                if std::mem::take(&mut first) {
                    format!("Welcome to Tic-Tac-Toe!\n{line}")
                } else {
                    line.to_owned()
                }
            })
        }
        "status-0-at-end-of-input" => match stage3::run(io::stdin().lock(), io::stdout().lock()) {
            Err(StageError::InputEnded(_)) | Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        "exit-status-3" => {
            let _ = stage3::run(io::stdin().lock(), io::stdout().lock());
            let _ = writeln!(io::stderr(), "something went wrong");
            ExitCode::from(3)
        }
        "unflushed-prompt" => run_program("stage3", |input, output| {
            stage3::run(input, Unflushed(output))
        }),
        // The classic Rust beginner's stage 2: `print!("Enter cells: ")` with no flush.
        "unflushed-prompt-stage2" => run_program("stage2", |input, output| {
            stage2::run(input, Unflushed(output))
        }),
        "takes-byte-order-mark" => run_program("stage2", |input, output| {
            stage2::run(BufReader::new(TakesByteOrderMark::new(input)), output)
        }),
        "polls-stdin" => run_program("stage3", |input, output| {
            stage3::run(BufReader::new(WaitsFirst(Wait::Poll, input)), output)
        }),
        "selects-stdin" => run_program("stage3", |input, output| {
            stage3::run(BufReader::new(WaitsFirst(Wait::Select, input)), output)
        }),
        "polls-another-pipe" => {
            prompt();
            let (reader, _writer) = io::pipe().expect("a pipe");
            let mut other = libc::pollfd {
                fd: std::os::fd::AsRawFd::as_raw_fd(&reader),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll(2) fills in the one pollfd, which lives across the call; nothing is
            // ever written to the pipe, so it waits until the process is killed.
            #[allow(unsafe_code)]
            unsafe {
                libc::poll(&raw mut other, 1, -1);
            }
            ExitCode::FAILURE
        }
        "reads-in-thread" => thread::spawn(|| run_program("stage3", stage3::run))
            .join()
            .unwrap_or(ExitCode::FAILURE),
        "asks-again" => match stage3::run(io::stdin().lock(), io::stdout().lock()) {
            Ok(()) => {
                prompt();
                let mut line = String::new();
                match io::stdin().lock().read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = writeln!(
                            io::stderr(),
                            "stage3: input ended before the cells were entered"
                        );
                        ExitCode::FAILURE
                    }
                    Ok(_) => ExitCode::SUCCESS,
                }
            }
            Err(_) => ExitCode::FAILURE,
        },
        "prints-nothing" => ExitCode::SUCCESS,
        "never-reads-stdin" => {
            print!("Enter cells: ---------\n| X X X |\n| O O _ |\n| _ O _ |\n---------\nX wins\n");
            ExitCode::SUCCESS
        }
        "hangs" => {
            prompt();
            sleep_forever()
        }
        "hangs-in-child" => {
            prompt();
            // The child inherits stdout, so stdout stays open even if only this process dies.
            let child = Command::new(std::env::current_exe().expect("own path"))
                .args([FLAG, "sleeps", marker.unwrap_or("no-marker")])
                .status();
            ExitCode::from(u8::from(child.is_err()))
        }
        "sleeps" => sleep_forever(),
        "endless-output" => {
            let block = b"y\n".repeat(1 << 15);
            let mut out = io::stdout().lock();
            while out.write_all(&block).is_ok() {}
            ExitCode::FAILURE
        }
        "killed-by-signal" => {
            prompt();
            let _ = writeln!(io::stderr(), "about to crash");
            // Rust's runtime handles SIGSEGV (to report stack overflows) and would return from
            // a raised one; with the default action back, the signal ends the process.
            // SAFETY: signal(2) and raise(3) only change and signal this process.
            #[allow(unsafe_code)]
            unsafe {
                libc::signal(libc::SIGSEGV, libc::SIG_DFL);
                libc::raise(libc::SIGSEGV);
            }
            ExitCode::FAILURE
        }
        other => crate::hostile::run(other, marker.unwrap_or_default()).unwrap_or_else(|| {
            let _ = writeln!(io::stderr(), "no fault named {other}");
            ExitCode::from(64)
        }),
    }
}

/// The reference stage 3 with each whole output line, and each prompt the stage flushes before
/// it reads, passed through `change`.
fn filtered(change: impl FnMut(&str) -> String + 'static) -> ExitCode {
    filtered_stage("stage3", stage3::run, change)
}

/// A grid row with its empty cells shown as spaces (`| X   O |`), any other line as it is.
fn space_for_empty(line: &str) -> String {
    if is_grid_row(line) {
        line.replace('_', " ")
    } else {
        line.to_owned()
    }
}

/// [`filtered`] for the reference stage 5.
fn filtered_stage5(change: impl FnMut(&str) -> String + 'static) -> ExitCode {
    filtered_stage("stage5", stage5::run, change)
}

/// The run function of a reference stage, writing through a [`LineFilter`].
type FilteredStage =
    fn(io::StdinLock<'static>, LineFilter<io::StdoutLock<'static>>) -> Result<(), StageError>;

/// A reference stage, named by its program's name and run by `stage`, with each whole output
/// line, and each prompt it flushes before it reads, passed through `change`.
fn filtered_stage(
    name: &str,
    stage: FilteredStage,
    change: impl FnMut(&str) -> String + 'static,
) -> ExitCode {
    run_program(name, |input, output| {
        stage(input, LineFilter::new(output, change))
    })
}

/// The reference stage built into the grader under `name` (`stage2`), as [`filtered_stage`]
/// runs one: the grader's own table of its references says which there are.
fn filtered_reference(name: &str, change: impl FnMut(&str) -> String + 'static) -> ExitCode {
    if !grade::reference::is_built_in(name) {
        let _ = writeln!(io::stderr(), "no reference stage named {name}");
        return ExitCode::from(64);
    }
    run_program(name, |input, output| {
        grade::reference::play(name, input, LineFilter::new(output, change)).unwrap_or(Ok(()))
    })
}

/// The grids a stage writes, watched line by line.
#[derive(Default)]
struct GridWatch {
    rows: Vec<String>,
    /// The last whole grid written, borders included.
    last: String,
}

impl GridWatch {
    /// Takes in `line`; when it closes a grid, that grid's state.
    fn closed_by(&mut self, line: &str) -> Option<GameState> {
        if is_grid_row(line) {
            self.rows.push(line.to_owned());
            return None;
        }
        if line != "---------\n" || self.rows.len() != 3 {
            return None;
        }
        let cells: String = self
            .rows
            .iter()
            .flat_map(|row| [2, 4, 6].map(|at| char::from(row.as_bytes()[at])))
            .collect();
        self.last = format!("---------\n{}---------\n", self.rows.concat());
        self.rows.clear();
        cells
            .parse::<Board>()
            .ok()
            .map(|board| GameState::of(&board))
    }
}

/// `| a b c |`, newline included.
fn is_grid_row(line: &str) -> bool {
    line.len() == 10 && line.starts_with("| ") && line.ends_with(" |\n")
}

fn prompt() {
    print!("Enter cells: ");
    let _ = io::stdout().flush();
}

fn sleep_forever() -> ExitCode {
    loop {
        thread::sleep(Duration::from_secs(3600));
    }
}

/// Standard input read as Mono's `Console.In` reads it, looking for a byte order mark: where the
/// input begins with UTF-16's (`\xff\xfe`), it reads the rest as UTF-16, finds no line end
/// there, and takes all of it, up to the end of the input, for one line of other characters.
struct TakesByteOrderMark<R: Read> {
    inner: R,
    looked: bool,
}

impl<R: Read> TakesByteOrderMark<R> {
    fn new(inner: R) -> Self {
        TakesByteOrderMark {
            inner,
            looked: false,
        }
    }
}

impl<R: Read> Read for TakesByteOrderMark<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.looked {
            return self.inner.read(buffer);
        }
        self.looked = true;
        let read = self.inner.read(buffer)?;
        if !buffer[..read].starts_with(b"\xff\xfe") {
            return Ok(read);
        }
        io::copy(&mut self.inner, &mut io::sink())?;
        // What the rest of the input reads as in UTF-16: no X, O or _, and no line end.
        let line = "\u{a4f}\u{584f}\n".as_bytes();
        buffer[..line.len()].copy_from_slice(line);
        Ok(line.len())
    }
}

/// Standard output as `print!` leaves it: whole lines go out, a prompt stays in the buffer
/// however often it is flushed, until the next line or the end of the program.
struct Unflushed<W: Write>(W);

impl<W: Write> Write for Unflushed<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How [`WaitsFirst`] waits for its input.
#[derive(Clone, Copy)]
enum Wait {
    Poll,
    Select,
}

/// Standard input read as an event loop reads it: it waits in `poll` or `select` until the
/// input can be read, then reads what is there. `poll` waits for ever, as a loop with nothing
/// else to do does; `select` for 100 ms at a time, as a loop with a timer pending does, which
/// the grader must see settle before it counts as waiting.
struct WaitsFirst<R: Read>(Wait, R);

impl<R: Read> Read for WaitsFirst<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        // SAFETY: poll(2) and select(2) are given structures that live across the call and
        // only fill them in; they return when the input can be read (or select's 100 ms are
        // up, when it is asked again).
        #[allow(unsafe_code)]
        let ready = unsafe {
            match self.0 {
                Wait::Poll => {
                    let mut stdin = libc::pollfd {
                        fd: libc::STDIN_FILENO,
                        events: libc::POLLIN,
                        revents: 0,
                    };
                    libc::poll(&raw mut stdin, 1, -1)
                }
                Wait::Select => loop {
                    let mut readable: libc::fd_set = std::mem::zeroed();
                    libc::FD_SET(libc::STDIN_FILENO, &raw mut readable);
                    let mut tenth = libc::timeval {
                        tv_sec: 0,
                        tv_usec: 100_000,
                    };
                    let ready = libc::select(
                        1,
                        &raw mut readable,
                        std::ptr::null_mut(),
                        std::ptr::null_mut(),
                        &raw mut tenth,
                    );
                    if ready != 0 {
                        break ready;
                    }
                },
            }
        };
        if ready < 0 {
            return Err(io::Error::last_os_error());
        }
        self.1.read(buffer)
    }
}

/// A writer that changes each whole line it is given before passing it on.
struct LineFilter<W: Write> {
    inner: W,
    line: Vec<u8>,
    change: Box<dyn FnMut(&str) -> String>,
}

impl<W: Write> LineFilter<W> {
    fn new(inner: W, change: impl FnMut(&str) -> String + 'static) -> Self {
        LineFilter {
            inner,
            line: Vec::new(),
            change: Box::new(change),
        }
    }
}

impl<W: Write> Write for LineFilter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &byte in bytes {
            self.line.push(byte);
            if byte == b'\n' {
                let changed = (self.change)(&String::from_utf8_lossy(&self.line));
                self.inner.write_all(changed.as_bytes())?;
                self.line.clear();
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.line.is_empty() {
            let changed = (self.change)(&String::from_utf8_lossy(&self.line));
            self.inner.write_all(changed.as_bytes())?;
            self.line.clear();
        }
        self.inner.flush()
    }
}

/// Input read a line at a time as the stage asks, each answer passed through `map` first.
struct Answers<R> {
    inner: R,
    line: Vec<u8>,
    read: usize,
    map: fn(&str) -> Option<String>,
}

impl<R: BufRead> Answers<R> {
    fn new(inner: R, map: fn(&str) -> Option<String>) -> Self {
        Answers {
            inner,
            line: Vec::new(),
            read: 0,
            map,
        }
    }
}

impl<R: BufRead> Read for Answers<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let count = available.len().min(buffer.len());
        buffer[..count].copy_from_slice(&available[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl<R: BufRead> BufRead for Answers<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.read == self.line.len() {
            self.line.clear();
            self.read = 0;
            self.inner.read_until(b'\n', &mut self.line)?;
            if let Some(mapped) = (self.map)(&String::from_utf8_lossy(&self.line)) {
                self.line = mapped.into_bytes();
            }
        }
        Ok(&self.line[self.read..])
    }

    fn consume(&mut self, amount: usize) {
        self.read = (self.read + amount).min(self.line.len());
    }
}

/// The numbers of an answer, when it is all numbers.
fn numbers(answer: &str) -> Option<Vec<u8>> {
    answer
        .split_whitespace()
        .map(|word| word.parse().ok())
        .collect()
}

/// An answer read as the course's coordinates before 2021 (`x y`: the column, then the row from
/// the bottom), turned into the `row column` it names.
fn old_coordinates(answer: &str) -> Option<String> {
    match numbers(answer)?[..] {
        [x @ 1..=3, y @ 1..=3] => Some(format!("{} {x}\n", 4 - y)),
        _ => None,
    }
}

/// Two numbers out of 1 to 3 taken as the nearest that are, as a program that never checks
/// the range and clamps its index would.
fn clamped_coordinates(answer: &str) -> Option<String> {
    match numbers(answer)?[..] {
        [row, column] => Some(format!("{} {}\n", row.clamp(1, 3), column.clamp(1, 3))),
        _ => None,
    }
}
