//! Why a program could not be started, in words that name the file and the cause, and whether
//! the cause is the program's (a verdict on it) or the grader's own resources (never a verdict).

use std::env;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Why starting a program failed.
#[derive(Debug)]
pub enum LaunchError {
    /// The program cannot be started, for this reason: a verdict on the program.
    Program(String),
    /// The grader ran out of a resource of its own (file descriptors, processes, memory): no
    /// verdict can be given.
    Grader(io::Error),
}

/// Explains why the program `program` (the first word of a command) could not be started with
/// `error`.
#[must_use]
pub fn diagnose(program: &OsStr, error: io::Error) -> LaunchError {
    let shown = program.to_string_lossy();
    if let Some(libc::EMFILE | libc::ENFILE | libc::EAGAIN | libc::ENOMEM) = error.raw_os_error() {
        return LaunchError::Grader(error);
    }
    let Some(path) = locate(Path::new(program)) else {
        return LaunchError::Program(format!(
            "`{shown}` was not found{}",
            if shown.contains('/') { "" } else { " on PATH" }
        ));
    };
    let metadata = fs::metadata(&path);
    let reason = match (error.raw_os_error(), metadata) {
        (_, Ok(metadata)) if metadata.is_dir() => format!("`{shown}` is a folder, not a program"),
        (Some(libc::EACCES), Ok(metadata)) if metadata.permissions().mode() & 0o111 == 0 => {
            format!("`{shown}` is not executable (`chmod +x {shown}` makes it so)")
        }
        (Some(libc::ENOENT), Ok(_)) => match interpreter(&path) {
            Some(line) => {
                format!("`{shown}` starts with `{line}`, and that interpreter was not found")
            }
            None => format!("`{shown}` names a program this system cannot load"),
        },
        (Some(libc::ENOEXEC), Ok(_)) => {
            format!("`{shown}` is neither a program for this system nor a script with a `#!` line")
        }
        _ => format!("`{shown}`: {error}"),
    };
    LaunchError::Program(reason)
}

/// How an interpreter or a runtime says, on a line that names the file, that it cannot find it:
/// Python's "can't open file", Java's "Could not find or load main class", Node.js's "Cannot
/// find module", PHP's "Could not open input file", a shell's "No such file or directory" or
/// "not found" (matched in lower case).
const NOT_FOUND: &[&str] = &[
    "no such file",
    "can't open",
    "cannot open",
    "could not open",
    "could not find or load main class",
    "cannot find module",
    "not found",
    "does not exist",
];

/// How the same say that the file is there but closed to them (matched in lower case).
const DENIED: &[&str] = &["permission denied", "errno 13", "eacces"];

/// Why a program that ended at once, writing nothing, never really started: an argument of its
/// command names a file (a script, say) that is not there, or that it may not read, and the
/// program says so on its standard error (`python3 missing.py`: "can't open file
/// '.../missing.py'"). The reason gives the file and the program's own line about it, whole. A
/// line that names the file without saying it cannot be had (a Java stack frame,
/// `at Threads.main(Threads.java:5)`) is the program's own error: it started. A file is said not
/// to be there only when it is not: one in a folder closed to the grader too is said to be out of
/// reach.
#[must_use]
pub fn missing_file(args: &[OsString], folder: Option<&Path>, stderr: &[u8]) -> Option<String> {
    let said = String::from_utf8_lossy(stderr);
    args.iter().map(Path::new).find_map(|arg| {
        let name = arg.file_name()?.to_string_lossy();
        let says = |words: &[&str], line: &str| {
            let lower = line.to_lowercase();
            line.contains(name.as_ref()) && words.iter().any(|word| lower.contains(word))
        };
        let flag = arg.as_os_str().to_string_lossy().starts_with('-');
        if flag {
            return None;
        }
        let path = match folder {
            Some(folder) => folder.join(arg),
            None => arg.to_owned(),
        };
        let (line, reason) = if let Some(line) = said.lines().find(|line| says(DENIED, line)) {
            (line, "cannot be read: permission is denied")
        } else {
            let line = said.lines().find(|line| says(NOT_FOUND, line))?;
            match path.try_exists() {
                Ok(true) => return None,
                Ok(false) => (line, "is not there"),
                Err(_) => (
                    line,
                    "is out of reach: a folder on its way cannot be searched",
                ),
            }
        };
        Some(format!(
            "`{}` {reason}; the program said: {}",
            arg.display(),
            visible::visible(line.trim().as_bytes())
        ))
    })
}

/// Where the program `program` is: the path itself when it has a `/`, else the first match on
/// `PATH`, as `execvp` looks.
pub(crate) fn locate(program: &Path) -> Option<PathBuf> {
    if program.components().count() > 1 || program.is_absolute() {
        return program.exists().then(|| program.to_owned());
    }
    env::split_paths(&env::var_os("PATH")?)
        .map(|folder| folder.join(program))
        .find(|candidate| candidate.exists())
}

/// The `#!` line that starts the file at `path`, if it has one.
fn interpreter(path: &Path) -> Option<String> {
    let mut start = [0; 128];
    let read = fs::File::open(path).ok()?.read(&mut start).ok()?;
    let line = start[..read].split(|&byte| byte == b'\n').next()?;
    line.starts_with(b"#!")
        .then(|| String::from_utf8_lossy(line).trim_end().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn why(program: &Path) -> String {
        let error = Command::new(program).spawn().expect_err("it cannot start");
        match diagnose(program.as_os_str(), error) {
            LaunchError::Program(reason) => reason,
            LaunchError::Grader(error) => panic!("blamed on the grader: {error}"),
        }
    }

    #[test]
    fn names_the_file_and_the_cause() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let script = dir.path().join("stage3.py");
        fs::write(&script, "#!/no/such/python3\nprint(1)\n").expect("written");
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).expect("chmod");
        let plain = dir.path().join("plain.txt");
        fs::write(&plain, "hello\n").expect("written");
        let shown = |path: &Path| path.display().to_string();
        assert_eq!(
            why(&script),
            format!(
                "`{}` starts with `#!/no/such/python3`, and that interpreter was not found",
                shown(&script)
            )
        );
        assert_eq!(
            why(dir.path()),
            format!("`{}` is a folder, not a program", shown(dir.path()))
        );
        assert_eq!(
            why(&plain),
            format!(
                "`{0}` is not executable (`chmod +x {0}` makes it so)",
                shown(&plain)
            )
        );
        assert_eq!(
            why(&dir.path().join("missing")),
            format!("`{}` was not found", shown(&dir.path().join("missing")))
        );
        assert_eq!(
            why(Path::new("no-such-command-anywhere")),
            "`no-such-command-anywhere` was not found on PATH"
        );
    }

    #[test]
    fn a_file_is_not_there_only_when_the_program_says_it_cannot_find_it() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let said = |args: &[&str], stderr: &str| {
            let args: Vec<OsString> = args.iter().map(OsString::from).collect();
            missing_file(&args, Some(folder.path()), stderr.as_bytes())
        };
        assert_eq!(
            said(
                &["-cp", ".", "Threads"],
                "Error: Could not find or load main class Threads\n"
            )
            .as_deref(),
            Some(
                "`Threads` is not there; the program said: Error: Could not find or load main \
                 class Threads"
            )
        );
        assert!(
            said(
                &["missing.py"],
                "python3: can't open file '/x/missing.py': [Errno 2] No such file or directory\n"
            )
            .is_some()
        );
        // A program that started and died names its class in its stack trace.
        let out_of_memory = "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap \
                             space\n\tat Threads.main(Threads.java:5)\n";
        assert_eq!(said(&["-cp", ".", "Threads"], out_of_memory), None);
        let traceback = "Traceback (most recent call last):\n  File \"/x/stage1.py\", line 3, in \
                         <module>\nNameError: name 'stage1' is not defined\n";
        assert_eq!(said(&["stage1.py"], traceback), None);
    }

    #[test]
    fn a_file_closed_to_the_program_is_said_to_be_so_not_missing() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        fs::write(folder.path().join("closed.py"), "print(1)\n").expect("written");
        let args = [OsString::from("closed.py")];
        let denied = "python3: can't open file '/x/closed.py': [Errno 13] Permission denied\n";
        assert_eq!(
            missing_file(&args, Some(folder.path()), denied.as_bytes()).as_deref(),
            Some(
                "`closed.py` cannot be read: permission is denied; the program said: python3: \
                 can't open file '/x/closed.py': [Errno 13] Permission denied"
            )
        );
        // A file that is there is never said to be missing, whatever the program says.
        let missing = "python3: can't open file '/x/closed.py': [Errno 2] No such file\n";
        assert_eq!(
            missing_file(&args, Some(folder.path()), missing.as_bytes()),
            None
        );
    }

    #[test]
    fn running_out_of_descriptors_is_the_graders_failure() {
        let error = io::Error::from_raw_os_error(libc::EMFILE);
        assert!(matches!(
            diagnose(OsStr::new("python3"), error),
            LaunchError::Grader(_)
        ));
    }
}
