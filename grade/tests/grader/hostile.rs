//! Hostile submissions: stage 3 programs that attack the grader instead of, or besides,
//! answering. Each is a fault of the submission program (`<exe> --submission BEHAVIOUR ARG`);
//! ARG is a marker unique to the test, carried by every process the behaviour leaves, or a
//! path. `../submissions/README.md` lists them with what the grader must do.

use std::ffi::CString;
use std::fs;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use kata_model::fixture;
use tictactoe::console::run_program;

use crate::submission::FLAG;

/// Acts as the hostile submission `behaviour`, or says there is none of that name.
pub(crate) fn run(behaviour: &str, arg: &str) -> Option<ExitCode> {
    let status = match behaviour {
        "leaves-sleeper-on-stdout" => {
            leave_sleeper(arg, Stdio::inherit(), Stdio::inherit(), true);
            correct()
        }
        "leaves-sleeper-on-stderr" => {
            leave_sleeper(arg, Stdio::null(), Stdio::inherit(), true);
            correct()
        }
        "leaves-sleeper-on-stdin" => {
            // Exits at once without reading, while the sleeper keeps stdin open unread.
            leave_sleeper(arg, Stdio::null(), Stdio::null(), true);
            ExitCode::SUCCESS
        }
        "escapes-by-double-fork" => {
            let _ = sleeper_command(arg, "forks-sleeper").status();
            correct()
        }
        "forks-sleeper" => {
            let _ = sleeper_command(arg, "sleeps").spawn();
            ExitCode::SUCCESS
        }
        "escapes-by-own-group" => {
            let mut sleeper = sleeper_command(arg, "sleeps");
            sleeper.process_group(0);
            let _ = sleeper.spawn();
            correct()
        }
        "joins-grader-group" => {
            // SAFETY: getppid, getpgid and setpgid take and return integers only.
            #[allow(unsafe_code)]
            unsafe {
                libc::setpgid(0, libc::getpgid(libc::getppid()));
            }
            let _ = writeln!(io::stderr(), "{arg}");
            crate::submission::run("hangs", Some(arg))
        }
        "plants-fifo" => {
            let path = Path::new(arg);
            let _ = fs::remove_file(path);
            let _ = mkfifo(path);
            correct()
        }
        "cheats" => cheat(),
        "injects-terminal-codes" => {
            let _ = io::stderr().write_all(
                b"\x1b[2J\x1b[H\x1b]0;all passed\x07\x1b]52;c;aGk=\x07#1 draw-full-grid: Passed\r\n",
            );
            ExitCode::from(1)
        }
        "hides-characters" => {
            // The right game, with a zero-width space in a row and the state line reversed by a
            // right-to-left override: on a terminal both would look right.
            print!(
                "Enter cells: ---------\n| O X\u{200b} X |\n| X O O |\n| X O X |\n---------\n\u{202e}warD\n"
            );
            ExitCode::SUCCESS
        }
        "writes-to-tty" => match fs::OpenOptions::new().write(true).open("/dev/tty") {
            Ok(mut tty) => {
                let _ = writeln!(tty, "{arg}: a case wrote on the grader's terminal");
                ExitCode::from(42)
            }
            Err(_) => correct(),
        },
        "eats-memory" => eat_memory(),
        "forks-forever" => fork_forever(),
        "fills-disk" => fill_disk(false),
        "fills-disk-with-files" => fill_disk(true),
        _ => return None,
    };
    Some(status)
}

fn correct() -> ExitCode {
    run_program("stage3", stage3::run)
}

/// This program as `<exe> --submission BEHAVIOUR MARKER`.
fn sleeper_command(marker: &str, behaviour: &str) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap_or_default());
    command.args([FLAG, behaviour, marker]);
    command
}

/// Starts a sleeper that holds `stdout` and `stderr` (and stdin, inherited), in a session of its
/// own when `detach`, and does not wait for it.
fn leave_sleeper(marker: &str, stdout: Stdio, stderr: Stdio, detach: bool) {
    let mut sleeper = sleeper_command(marker, "sleeps");
    sleeper.stdout(stdout).stderr(stderr);
    if detach {
        // SAFETY: setsid(2) is async-signal-safe and allocates nothing.
        #[allow(unsafe_code)]
        unsafe {
            sleeper.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
    }
    let _ = sleeper.spawn();
}

fn mkfifo(path: &Path) -> io::Result<()> {
    let path = CString::new(path.as_os_str().as_encoded_bytes()).map_err(io::Error::other)?;
    // SAFETY: mkfifo reads a NUL-terminated path that lives across the call.
    #[allow(unsafe_code)]
    let made = unsafe { libc::mkfifo(path.as_ptr(), 0o600) };
    if made == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The cheat: no game logic at all. It reads the grader's command line and folders from
/// `/proc/<parent>`, finds every fixture it can, and prints the expected output of the one whose
/// input is its own. Where it finds none, it prints nothing and fails.
fn cheat() -> ExitCode {
    let mut input = Vec::new();
    let _ = io::stdin().read_to_end(&mut input);
    for folder in fixture_folders() {
        let Ok(fixtures) = fixture::load_stage_dir(&folder) else {
            continue;
        };
        if let Some(found) = fixtures
            .iter()
            .find(|case| case.transcript.stdin() == input)
        {
            let _ = io::stdout().write_all(&found.transcript.stdout());
            return ExitCode::from(u8::try_from(found.exit_status).unwrap_or(1));
        }
    }
    let _ = writeln!(io::stderr(), "cheat: no fixture found");
    ExitCode::from(1)
}

/// Where a cheat would look for fixtures: the grader's `--fixtures` argument, relative to its
/// working folder, and `fixtures` above that folder.
fn fixture_folders() -> Vec<PathBuf> {
    // SAFETY: getppid takes nothing and returns an integer.
    #[allow(unsafe_code)]
    let parent = unsafe { libc::getppid() };
    let proc = PathBuf::from(format!("/proc/{parent}"));
    let cwd = fs::read_link(proc.join("cwd")).unwrap_or_default();
    let command_line = fs::read(proc.join("cmdline")).unwrap_or_default();
    let words: Vec<String> = command_line
        .split(|&byte| byte == 0)
        .map(|word| String::from_utf8_lossy(word).into_owned())
        .collect();
    let mut folders = Vec::new();
    if let Some(at) = words.iter().position(|word| word == "--fixtures")
        && let Some(given) = words.get(at + 1)
    {
        let given = cwd.join(given);
        folders.push(given.join("stage3"));
        folders.push(given);
    }
    if let Some(root) = fixture::find_root(&cwd) {
        folders.push(root.join("stage3"));
    }
    folders
}

/// Prompts, then takes 16 MiB after 16 MiB, every page of it touched, until it is stopped.
fn eat_memory() -> ExitCode {
    print!("Enter cells: ");
    let _ = io::stdout().flush();
    let mut eaten: Vec<Vec<u8>> = Vec::new();
    loop {
        eaten.push(vec![1; 16 << 20]);
    }
}

/// Prompts, then forks, and so does every child, forever: a fork bomb, each process carrying
/// the marker in its command line.
fn fork_forever() -> ExitCode {
    print!("Enter cells: ");
    let _ = io::stdout().flush();
    loop {
        // SAFETY: this process is single-threaded (a submission runs before any test thread
        // starts), so the child may go on running Rust; fork's failure is ignored.
        #[allow(unsafe_code)]
        unsafe {
            libc::fork();
        }
    }
}

/// Prompts, then writes to its home in 1 MiB blocks until it is stopped: one file that grows,
/// or (`many`) files of 1 MiB each, never one too large.
fn fill_disk(many: bool) -> ExitCode {
    print!("Enter cells: ");
    let _ = io::stdout().flush();
    let home = PathBuf::from(std::env::var_os("HOME").unwrap_or_default());
    let block = vec![7; 1 << 20];
    let mut file = fs::File::create(home.join("filler"));
    for count in 0_u64.. {
        if many {
            let _ = fs::write(home.join(format!("filler-{count}")), &block);
        } else if let Ok(file) = &mut file {
            let _ = file.write_all(&block);
        }
    }
    ExitCode::FAILURE
}
