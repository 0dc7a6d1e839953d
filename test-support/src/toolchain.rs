//! The interpreters and compilers of other languages that "any language" tests use. Each is
//! looked up when the tests are listed; where one is missing, the answer is the reason to show
//! for the skip.

use std::env;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The flag the tests start Python with: no `site` import (the test programs use only the
/// standard library). It changes nothing a program does with its input and output, and makes each
/// start several times quicker (about 9 ms instead of 43 where it was measured).
pub const PYTHON_WITHOUT_SITE: &str = "-S";

/// The Python 3 interpreter itself: `python3` on PATH may be a version manager's shim that
/// takes a tenth of a second to start, so the shim is asked once where the interpreter is.
///
/// # Errors
///
/// The reason to skip when there is no working `python3`.
pub fn python() -> Result<PathBuf, String> {
    static PYTHON: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let asked = Command::new("python3")
                .args(["-c", "import sys; sys.stdout.write(sys.executable)"])
                .output();
            match asked {
                Ok(output) if output.status.success() && !output.stdout.is_empty() => Ok(
                    PathBuf::from(String::from_utf8_lossy(&output.stdout).into_owned()),
                ),
                _ => Err("skipped: no working `python3` on PATH".to_owned()),
            }
        })
        .clone()
}

/// Whether each of `programs` is on PATH and answers `ARG` (its version flag) with success, as
/// `(program, arg)` pairs: a compiler or interpreter a test drives by name, as a learner's
/// project does.
///
/// # Errors
///
/// The reason to skip, naming the first program that is missing.
pub fn on_path(programs: &[(&str, &str)]) -> Result<(), String> {
    for (program, arg) in programs {
        let works = Command::new(program)
            .arg(arg)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !works {
            return Err(format!("skipped: no working `{program}` on PATH"));
        }
    }
    Ok(())
}

/// The C compiler `gcc`.
///
/// # Errors
///
/// The reason to skip when it is not on PATH.
pub fn gcc() -> Result<PathBuf, String> {
    find_on_path("gcc")
}

/// Node.js.
///
/// # Errors
///
/// The reason to skip when `node` is not on PATH.
pub fn node() -> Result<PathBuf, String> {
    find_on_path("node")
}

/// A POSIX shell.
///
/// # Errors
///
/// The reason to skip when `sh` is not on PATH.
pub fn sh() -> Result<PathBuf, String> {
    find_on_path("sh")
}

/// A Java development kit: the compiler and the launcher.
#[derive(Clone, Debug)]
pub struct Jdk {
    /// `javac`.
    pub javac: PathBuf,
    /// `java`.
    pub java: PathBuf,
}

/// `javac` and `java`.
///
/// # Errors
///
/// The reason to skip when either is not on PATH.
pub fn jdk() -> Result<Jdk, String> {
    Ok(Jdk {
        javac: find_on_path("javac")?,
        java: find_on_path("java")?,
    })
}

/// The executable `name` in a folder of PATH. It is not run to find it (a JVM would take a
/// second): one that is there but broken fails its tests, visibly.
fn find_on_path(name: &str) -> Result<PathBuf, String> {
    env::var_os("PATH")
        .and_then(|path| {
            env::split_paths(&path)
                .map(|folder| folder.join(name))
                .find(|candidate| {
                    fs::metadata(candidate).is_ok_and(|metadata| {
                        metadata.is_file() && metadata.permissions().mode() & 0o111 != 0
                    })
                })
        })
        .ok_or_else(|| format!("skipped: no `{name}` on PATH"))
}
