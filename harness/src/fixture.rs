//! Fixture files: one case a file, `fixtures/stageN/<behaviour>.snap`, an insta snapshot whose
//! body is the case's transcript and whose header may declare a non-zero exit status.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use crate::transcript::Transcript;

/// The file extension of a fixture.
pub const EXTENSION: &str = "snap";

/// One case.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// The file name without its extension: what the case shows.
    pub name: String,
    /// Where the file is.
    pub path: PathBuf,
    /// The exit status the program must end with.
    pub exit_status: i32,
    /// The body as written.
    pub body: String,
    /// The body, read.
    pub transcript: Transcript,
}

/// A fixture that cannot be read, with the place to look.
#[derive(Debug)]
pub struct FixtureError {
    /// The file, or the folder that could not be listed.
    pub path: PathBuf,
    /// The 1-based line of the file, where one is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for FixtureError {}

/// The `fixtures` folder of this workspace.
#[must_use]
pub fn workspace_fixtures() -> PathBuf {
    let harness = Path::new(env!("CARGO_MANIFEST_DIR"));
    harness.parent().unwrap_or(harness).join("fixtures")
}

/// The fixtures of stage `stage` in `root` (`root/stageN/*.snap`), sorted by name.
///
/// # Errors
///
/// The first file or folder that cannot be read, or a folder without fixtures.
pub fn load_stage(root: &Path, stage: u8) -> Result<Vec<Fixture>, FixtureError> {
    load_stage_dir(&root.join(format!("stage{stage}")))
}

/// The fixtures in `dir` (`dir/*.snap`), sorted by name.
///
/// # Errors
///
/// The first file or folder that cannot be read, or a folder without fixtures.
pub fn load_stage_dir(dir: &Path) -> Result<Vec<Fixture>, FixtureError> {
    let dir = dir.to_owned();
    let folder_error = |message: String| FixtureError {
        path: dir.clone(),
        line: None,
        message,
    };
    let entries = fs::read_dir(&dir).map_err(|error| folder_error(error.to_string()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|error| folder_error(error.to_string()))?
            .path();
        if path
            .extension()
            .is_some_and(|extension| extension == EXTENSION)
        {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(folder_error(format!("no fixtures (*.{EXTENSION}) here")));
    }
    paths.sort();
    paths.iter().map(|path| load(path)).collect()
}

/// Reads one fixture file.
///
/// # Errors
///
/// When the file cannot be read, its header is not an insta header, or its body breaks the
/// transcript format: the error names the line.
pub fn load(path: &Path) -> Result<Fixture, FixtureError> {
    let error = |line: Option<usize>, message: String| FixtureError {
        path: path.to_owned(),
        line,
        message,
    };
    let text = fs::read_to_string(path).map_err(|e| error(None, e.to_string()))?;
    let (header, body, body_line) =
        split_header(&text).map_err(|(line, m)| error(Some(line), m))?;
    let exit_status = exit_status(header).map_err(|(line, m)| error(Some(line), m))?;
    let transcript =
        Transcript::parse(body).map_err(|e| error(Some(body_line + e.line - 1), e.message))?;
    let name = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(Fixture {
        name,
        path: path.to_owned(),
        exit_status,
        body: body.to_owned(),
        transcript,
    })
}

/// The header lines (between the two `---`), the body, and the body's first line number.
fn split_header(text: &str) -> Result<(&str, &str, usize), (usize, String)> {
    let rest = text.strip_prefix("---\n").ok_or((
        1,
        "a fixture starts with a `---` line, then its header".to_owned(),
    ))?;
    let mut offset = 0;
    for (index, line) in rest.split_inclusive('\n').enumerate() {
        if line.trim_end() == "---" {
            let body = &rest[offset + line.len()..];
            return Ok((&rest[..offset], body, index + 3));
        }
        offset += line.len();
    }
    Err((1, "the header has no closing `---` line".to_owned()))
}

/// The exit status the header declares (`exit_status: N` under `info:`), or 0.
fn exit_status(header: &str) -> Result<i32, (usize, String)> {
    for (index, line) in header.lines().enumerate() {
        if let Some(value) = line.trim().strip_prefix("exit_status:") {
            return value.trim().parse().map_err(|_| {
                (
                    index + 2,
                    format!("`{}` is not an exit status", value.trim()),
                )
            });
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_status_and_names_the_line_of_a_broken_body() {
        let (header, body, first) =
            split_header("---\nsource: x\ninfo:\n  exit_status: 1\n---\nA > \\q\n").expect("split");
        assert_eq!(exit_status(header), Ok(1));
        assert_eq!(first, 6);
        assert_eq!(Transcript::parse(body).expect_err("bad escape").line, 1);
        assert_eq!(exit_status("source: x\n"), Ok(0));
        assert!(exit_status("info:\n  exit_status: one\n").is_err());
        assert!(split_header("A > 1\n").is_err());
    }
}
