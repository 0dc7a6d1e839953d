//! Fixture files: one case a file, `fixtures/stageN/<behaviour>.snap`, an insta snapshot whose
//! body is the case's transcript and whose header gives its hint and may declare a non-zero exit
//! status.

use std::borrow::Cow;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use crate::case_judge::CaseJudge;
use crate::transcript::{Input, Transcript};

/// The file extension of a fixture.
pub const EXTENSION: &str = "snap";

/// The file extension of a case given as its input alone (with its answer, if any, in a file
/// of [`ANSWER_EXTENSION`] and its hint in one of [`HINT_EXTENSION`] beside it), as a problem
/// package gives its test data: a case judged by a program of the kata.
pub const INPUT_EXTENSION: &str = "in";
/// The file extension of an input case's expected answer.
pub const ANSWER_EXTENSION: &str = "ans";
/// The file extension of an input case's hint for the learner.
pub const HINT_EXTENSION: &str = "hint";

/// The largest input or answer file of a case read, in bytes.
pub const MAX_DATA_SIZE: u64 = 64 << 20;

/// The name of the folder that holds the fixtures, one subfolder a stage.
pub const FOLDER: &str = "fixtures";

/// The largest fixture file read, in bytes: a transcript is a few kilobytes, and a file far
/// larger is a mistake (or a link to a device) that must not be read without limit.
pub const MAX_FILE_SIZE: u64 = 1 << 20;

/// One case.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// The file name without its extension: what the case shows.
    pub name: String,
    /// Where the file is.
    pub path: PathBuf,
    /// The exit status the program must end with.
    pub exit_status: i32,
    /// The rule the case checks, in a line a learner can act on (the header's `description`).
    pub hint: Option<String>,
    /// The body as written.
    pub body: String,
    /// The body, read.
    pub transcript: Transcript,
    /// How it is judged: by its transcript, or by a program of the kata.
    pub judge: CaseJudge,
    /// Whether it is a case given by its input file whose files are read only when it runs,
    /// and again when a report on it needs them ([`Fixture::loaded`]): `body` and `transcript`
    /// are empty until then. A problem package's data can be hundreds of megabytes, read into
    /// a transcript of an input a line, ten times that.
    pub unread: bool,
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

impl Fixture {
    /// Whether the case is given by its input file (`NAME.in`), as a problem package's test
    /// data is, rather than as a transcript.
    #[must_use]
    pub fn is_input_case(&self) -> bool {
        self.path
            .extension()
            .is_some_and(|extension| extension == INPUT_EXTENSION)
    }

    /// Whether the case is a sketch waiting to be recorded: a transcript that holds its inputs
    /// and no output at all.
    #[must_use]
    pub fn is_sketch(&self) -> bool {
        !self.is_input_case() && self.transcript.stdout().is_empty()
    }

    /// The case with its files read, if it is [`unread`](Fixture::unread): as it was
    /// listed (its name, hint, exit status and judge), its input and answer read now.
    ///
    /// # Errors
    ///
    /// When a file of the case can no longer be read.
    pub fn loaded(&self) -> Result<Cow<'_, Fixture>, FixtureError> {
        if !self.unread {
            return Ok(Cow::Borrowed(self));
        }
        let input = read_case_file(&self.path)?;
        let answer = read_beside(&self.path, ANSWER_EXTENSION)?.unwrap_or_default();
        Ok(Cow::Owned(Fixture {
            name: self.name.clone(),
            hint: self.hint.clone(),
            exit_status: self.exit_status,
            judge: self.judge.clone(),
            ..input_case(&self.path, &input, &answer, None)
        }))
    }

    /// The fixture's name as a report shows it: safe on a terminal whatever the file is called.
    #[must_use]
    pub fn shown_name(&self) -> String {
        visible::visible(self.name.as_bytes())
    }

    /// A case named `case` whose transcript is `body`, judged by it: what tests of a judge
    /// start from.
    ///
    /// # Panics
    ///
    /// When `body` is not a transcript.
    #[must_use]
    pub fn of_transcript(body: &str) -> Fixture {
        Fixture {
            name: "case".to_owned(),
            path: "case.snap".into(),
            exit_status: 0,
            hint: None,
            body: body.to_owned(),
            transcript: crate::transcript::Transcript::parse(body).expect("valid"),
            judge: CaseJudge::Transcript,
            unread: false,
        }
    }
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

/// The nearest [`FOLDER`] at or above `start`: `start/fixtures` if it is a folder, else that of
/// the closest ancestor that has one. Found at run time, so a copied or moved workspace finds
/// its own.
#[must_use]
pub fn find_root(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(FOLDER))
        .find(|candidate| candidate.is_dir())
}

/// The fixtures of stage `stage` in `root` (`root/stageN/*.snap`), sorted by name.
///
/// # Errors
///
/// The first file or folder that cannot be read, or a folder without fixtures.
pub fn load_stage(root: &Path, stage: u8) -> Result<Vec<Fixture>, FixtureError> {
    load_stage_dir(&root.join(format!("stage{stage}")))
}

/// The fixtures in `dir` (`dir/*.snap`, and cases given by their input, `dir/*.in`), sorted by
/// name.
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
    let entries = fs::read_dir(&dir).map_err(|error| {
        folder_error(match error.kind() {
            io::ErrorKind::NotFound => "there is no such folder".to_owned(),
            io::ErrorKind::NotADirectory => "this is not a folder".to_owned(),
            _ => error.to_string(),
        })
    })?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|error| folder_error(error.to_string()))?
            .path();
        if path
            .extension()
            .is_some_and(|extension| extension == EXTENSION || extension == INPUT_EXTENSION)
        {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(folder_error(format!(
            "no fixtures (*.{EXTENSION}, or *.{INPUT_EXTENSION} with their *.{ANSWER_EXTENSION}) \
             here"
        )));
    }
    paths.sort_by_key(|path| path.file_stem().map(ToOwned::to_owned));
    paths
        .iter()
        .map(|path| {
            if path
                .extension()
                .is_some_and(|extension| extension == EXTENSION)
            {
                load(path)
            } else {
                load_input_case(path)
            }
        })
        .collect()
}

/// Reads a case given by its input file, `NAME.in`, with `NAME.ans` and `NAME.hint` beside it
/// where they are.
///
/// # Errors
///
/// When a file that is there cannot be read.
pub fn load_input_case(path: &Path) -> Result<Fixture, FixtureError> {
    let (input, answer) = (read_case_file(path)?, read_beside(path, ANSWER_EXTENSION)?);
    let hint = read_beside(path, HINT_EXTENSION)?;
    Ok(input_case(
        path,
        &input,
        &answer.unwrap_or_default(),
        hint.as_deref(),
    ))
}

/// The bytes of a case's data file at `path` ([`read_data`]).
fn read_case_file(path: &Path) -> Result<Vec<u8>, FixtureError> {
    read_data(path).map_err(|message| FixtureError {
        path: path.to_owned(),
        line: None,
        message,
    })
}

/// The bytes of the file beside the case `path` with `extension`, where there is one.
fn read_beside(path: &Path, extension: &str) -> Result<Option<Vec<u8>>, FixtureError> {
    let path = path.with_extension(extension);
    path.exists().then(|| read_case_file(&path)).transpose()
}

/// The case given by its input file `path`, `NAME.in`, listed but not read: its input and
/// answer ([`ANSWER_EXTENSION`]) are looked at (each a regular file of at most
/// [`MAX_DATA_SIZE`] bytes, or the answer absent) and read only when the case runs
/// ([`Fixture::loaded`]); its hint is read now.
///
/// # Errors
///
/// When a file that is there is not a regular file, is too large, or cannot be read.
pub fn unread_input_case(path: &Path) -> Result<Fixture, FixtureError> {
    let look = |path: &Path| {
        fs::metadata(path)
            .map_err(|error| error.to_string())
            .and_then(|metadata| regular_within(&metadata, MAX_DATA_SIZE))
            .map_err(|message| FixtureError {
                path: path.to_owned(),
                line: None,
                message,
            })
    };
    look(path)?;
    let answer = path.with_extension(ANSWER_EXTENSION);
    if answer.exists() {
        look(&answer)?;
    }
    let hint = read_beside(path, HINT_EXTENSION)?;
    let mut fixture = input_case(path, b"", b"", hint.as_deref());
    fixture.unread = true;
    Ok(fixture)
}

/// The case of `path`, `NAME.in`, whose input is `input`, whose expected answer is `answer`
/// and whose hint file holds `hint`: a transcript of every input line, then the answer.
#[must_use]
pub fn input_case(path: &Path, input: &[u8], answer: &[u8], hint: Option<&[u8]>) -> Fixture {
    let mut body = String::new();
    let mut lines = input.split_inclusive(|&byte| byte == b'\n').peekable();
    while let Some(line) = lines.next() {
        let text = line.strip_suffix(b"\n").unwrap_or(line);
        let ends_input = lines.peek().is_none() && !line.ends_with(b"\n");
        let written = format!(
            "{}{}",
            crate::transcript::escape(text),
            if ends_input { "\\z" } else { "" }
        );
        body.push_str(&crate::transcript::line_end(&Input {
            written,
            prompt: Vec::new(),
            bytes: Vec::new(),
            ends_input,
        }));
    }
    body.push_str(&crate::transcript::escape(answer));
    if !answer.is_empty() && !answer.ends_with(b"\n") {
        body.push_str("\\z\n");
    }
    // Escaped as it is, the text always reads back.
    let transcript = Transcript::parse(&body).unwrap_or_else(|_| Transcript::empty());
    Fixture {
        name: path
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default(),
        path: path.to_owned(),
        exit_status: 0,
        hint: hint.map(|hint| String::from_utf8_lossy(hint).trim().to_owned()),
        body,
        transcript,
        judge: CaseJudge::Transcript,
        unread: false,
    }
}

/// The bytes of a case's data file: a regular file of at most [`MAX_DATA_SIZE`] bytes.
fn read_data(path: &Path) -> Result<Vec<u8>, String> {
    read_regular(path, MAX_DATA_SIZE)
}

/// Reads one fixture file.
///
/// # Errors
///
/// When the file cannot be read, its header is not an insta header, or its body breaks the
/// transcript format: the error names the line.
pub fn load(path: &Path) -> Result<Fixture, FixtureError> {
    let text = read_capped(path).map_err(|message| FixtureError {
        path: path.to_owned(),
        line: None,
        message,
    })?;
    parse(path, &text)
}

/// Reads the text of a fixture file that is already in memory (built into a program, say);
/// `path` names it, in the fixture and in its errors.
///
/// # Errors
///
/// When its header is not an insta header, or its body breaks the transcript format: the
/// error names the line.
pub fn parse(path: &Path, text: &str) -> Result<Fixture, FixtureError> {
    let error = |line: Option<usize>, message: String| FixtureError {
        path: path.to_owned(),
        line,
        message,
    };
    let (header, body, body_line) = split_header(text).map_err(|(line, m)| error(Some(line), m))?;
    let exit_status = exit_status(header).map_err(|(line, m)| error(Some(line), m))?;
    let hint = hint(header).map_err(|(line, m)| error(Some(line), m))?;
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
        hint,
        body: body.to_owned(),
        transcript,
        judge: CaseJudge::Transcript,
        unread: false,
    })
}

/// The text of the fixture file `text` (at `path`) with `transcript` as its body and its header
/// declaring `exit_status`, as a recording writes it: the header's other lines as the author
/// wrote them (a `source:` line neither added nor removed), an exit status other than 0 in
/// insta's form (`info:` then `  exit_status: N`), the body ending with a newline.
///
/// # Errors
///
/// When `text` has no header.
pub fn recorded(
    path: &Path,
    text: &str,
    transcript: &str,
    exit_status: i32,
) -> Result<String, FixtureError> {
    let (header, _, _) = split_header(text).map_err(|(line, message)| FixtureError {
        path: path.to_owned(),
        line: Some(line),
        message,
    })?;
    let mut recorded = String::from("---\n");
    let mut in_info = false;
    for line in header.lines() {
        // The status is the run's: the `info:` table, which holds only it, is written anew.
        in_info = line == "info:" || (in_info && line.starts_with(' '));
        if !in_info {
            recorded.push_str(line);
            recorded.push('\n');
        }
    }
    if exit_status != 0 {
        recorded.push_str(&format!("info:\n  exit_status: {exit_status}\n"));
    }
    recorded.push_str("---\n");
    recorded.push_str(transcript);
    if !transcript.is_empty() && !transcript.ends_with('\n') {
        recorded.push('\n');
    }
    Ok(recorded)
}

/// The text of a fixture file, or of any small file read as the fixtures are: it must be a
/// regular file (a FIFO or a device is refused without blocking on it) of at most
/// [`MAX_FILE_SIZE`] bytes of UTF-8.
///
/// # Errors
///
/// Why the file cannot be read, in words.
pub fn read_capped(path: &Path) -> Result<String, String> {
    let bytes = read_regular(path, MAX_FILE_SIZE)?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())
}

/// The bytes of the regular file at `path`, of at most `limit` bytes.
fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    // Opened without blocking, so that a FIFO is refused rather than waited on.
    let file: File = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| e.to_string())?;
    regular_within(&file.metadata().map_err(|e| e.to_string())?, limit)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    // It may have grown since it was looked at.
    if bytes.len() as u64 > limit {
        return Err(format!("larger than {limit} bytes"));
    }
    Ok(bytes)
}

/// Why `metadata` is not of a regular file of at most `limit` bytes, if it is not.
fn regular_within(metadata: &fs::Metadata, limit: u64) -> Result<(), String> {
    if !metadata.is_file() {
        return Err("not a regular file".to_owned());
    }
    if metadata.len() > limit {
        return Err(format!("larger than {limit} bytes"));
    }
    Ok(())
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

/// The exit status the header declares (`exit_status: N` under `info:`, N from 0 to 255), or 0.
fn exit_status(header: &str) -> Result<i32, (usize, String)> {
    for (index, line) in header.lines().enumerate() {
        if let Some(value) = line.trim().strip_prefix("exit_status:") {
            return value.trim().parse::<u8>().map(i32::from).map_err(|_| {
                (
                    index + 2,
                    format!("`{}` is not an exit status from 0 to 255", value.trim()),
                )
            });
        }
    }
    Ok(0)
}

/// The hint the header gives (`description: ...`, as insta writes it: a plain YAML scalar, or a
/// double-quoted one with JSON's escapes), if any.
fn hint(header: &str) -> Result<Option<String>, (usize, String)> {
    for (index, line) in header.lines().enumerate() {
        let Some(value) = line.strip_prefix("description:") else {
            continue;
        };
        let value = value.trim();
        let text = if value.starts_with('"') {
            serde_json::from_str::<String>(value).map_err(|_| {
                (
                    index + 2,
                    "the description is not a closed double-quoted string".to_owned(),
                )
            })?
        } else {
            value.to_owned()
        };
        return Ok((!text.is_empty()).then_some(text));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_status_and_names_the_line_of_a_broken_body() {
        let (header, body, first) =
            split_header("---\nsource: x\ninfo:\n  exit_status: 1\n---\nA > \\q\n").expect("split");
        assert_eq!(exit_status(header), Ok(1));
        assert!(exit_status("info:\n  exit_status: 256\n").is_err());
        assert!(exit_status("info:\n  exit_status: -1\n").is_err());
        assert_eq!(first, 6);
        assert_eq!(Transcript::parse(body).expect_err("bad escape").line, 1);
        assert_eq!(exit_status("source: x\n"), Ok(0));
        assert!(exit_status("info:\n  exit_status: one\n").is_err());
        assert!(split_header("A > 1\n").is_err());
    }

    #[test]
    fn reads_a_hint_written_plain_or_quoted() {
        assert_eq!(hint("source: x\n"), Ok(None));
        assert_eq!(
            hint("source: x\ndescription: A plain hint.\n"),
            Ok(Some("A plain hint.".to_owned()))
        );
        assert_eq!(
            hint("description: \"Quoted: `1 1` and \\\"this\\\".\"\n"),
            Ok(Some("Quoted: `1 1` and \"this\".".to_owned()))
        );
        assert_eq!(
            hint("description: \"open\n").map_err(|(line, _)| line),
            Err(2)
        );
    }

    #[test]
    fn a_recording_keeps_the_header_and_declares_the_status() {
        let path = Path::new("case.snap");
        let sketch = "---\ndescription: \"Greet.\"\n---\n> Ann\n";
        assert_eq!(
            recorded(path, sketch, "Name: > Ann\nHi\n", 0).expect("a header"),
            "---\ndescription: \"Greet.\"\n---\nName: > Ann\nHi\n"
        );
        let failing =
            "---\nsource: tests/fixtures.rs\ninfo:\n  exit_status: 1\ndescription: x\n---\n";
        assert_eq!(
            recorded(path, failing, "Bye", 2).expect("a header"),
            "---\nsource: tests/fixtures.rs\ndescription: x\ninfo:\n  exit_status: 2\n---\nBye\n"
        );
        assert_eq!(
            recorded(path, failing, "", 0).expect("a header"),
            "---\nsource: tests/fixtures.rs\ndescription: x\n---\n"
        );
        assert_eq!(
            recorded(path, "> Ann\n", "", 0)
                .expect_err("no header")
                .line,
            Some(1)
        );
    }

    #[test]
    fn refuses_what_is_not_a_small_regular_file() {
        let fifo = std::env::temp_dir().join(format!("fixture-fifo-{}", std::process::id()));
        let path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).expect("no NUL");
        // SAFETY: mkfifo reads a NUL-terminated path that lives across the call.
        #[allow(unsafe_code)]
        let made = unsafe { libc::mkfifo(path.as_ptr(), 0o600) };
        assert_eq!(made, 0, "mkfifo");
        let refused = load(&fifo).expect_err("a FIFO is not a fixture");
        let _ = fs::remove_file(&fifo);
        assert_eq!(refused.message, "not a regular file");
        assert_eq!(
            load(Path::new("/dev/zero")).expect_err("a device").message,
            "not a regular file"
        );
    }

    #[test]
    fn an_unread_input_case_is_read_when_asked_as_it_was_listed() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let input = dir.path().join("01.in");
        fs::write(&input, "3\n1 2\n").expect("write");
        fs::write(dir.path().join("01.ans"), "6\n").expect("write");
        fs::write(dir.path().join("01.hint"), "adds them\n").expect("write");
        let mut listed = unread_input_case(&input).expect("listed");
        assert!(listed.unread && listed.body.is_empty() && listed.transcript.inputs().is_empty());
        assert_eq!(listed.hint.as_deref(), Some("adds them"));
        listed.name = "secret/01".to_owned();
        listed.exit_status = 3;
        let read = listed.loaded().expect("read");
        let eager = load_input_case(&input).expect("read at once");
        assert!(!read.unread);
        assert_eq!(
            (read.body.as_str(), read.transcript.stdin()),
            (eager.body.as_str(), eager.transcript.stdin())
        );
        assert_eq!((read.name.as_str(), read.exit_status), ("secret/01", 3));
    }

    #[test]
    fn an_unread_input_case_is_looked_at_when_listed_and_says_when_it_is_gone() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let input = dir.path().join("01.in");
        fs::create_dir(&input).expect("a folder named like a case");
        assert_eq!(
            unread_input_case(&input).expect_err("a folder").message,
            "not a regular file"
        );
        fs::remove_dir(&input).expect("remove");
        fs::write(&input, "1\n").expect("write");
        let too_large = File::create(dir.path().join("01.ans")).expect("create");
        too_large.set_len(MAX_DATA_SIZE + 1).expect("a sparse file");
        let refused = unread_input_case(&input).expect_err("too large an answer");
        assert!(refused.path.ends_with("01.ans"), "{refused}");
        fs::remove_file(dir.path().join("01.ans")).expect("remove");
        let listed = unread_input_case(&input).expect("listed");
        fs::remove_file(&input).expect("remove");
        let gone = listed.loaded().expect_err("gone");
        assert_eq!(gone.path, input);
    }
}
