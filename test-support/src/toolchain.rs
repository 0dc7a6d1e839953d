//! The interpreters and compilers of other languages that "any language" tests use. Each is
//! looked up once; where one is missing, the answer is the reason to show for the skip.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

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

/// The Java launcher itself, which runs a single-file program from its source (Java 11 and
/// later): `java` on PATH may be a link or a wrapper, so it is asked once where its home is.
///
/// # Errors
///
/// The reason to skip when there is no working `java`.
pub fn java() -> Result<PathBuf, String> {
    static JAVA: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    JAVA.get_or_init(|| {
        // The launcher lists its settings on stderr, `java.home` among them.
        let asked = Command::new("java")
            .args(["-XshowSettings:properties", "-version"])
            .output();
        let home = match asked {
            Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stderr)
                .lines()
                .find_map(|line| line.trim().strip_prefix("java.home = ").map(PathBuf::from)),
            _ => None,
        };
        home.map(|home| home.join("bin").join("java"))
            .filter(|launcher| launcher.is_file())
            .ok_or_else(|| "skipped: no working `java` on PATH".to_owned())
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
