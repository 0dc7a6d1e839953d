//! Every console example of the README and the book, run against the workspace's own `grade` and
//! `kata` as a test: a trial an example, named by its page and line
//! (`examples::docs/src/how-to/grade-a-class.md:6`).
//!
//! An example is a fenced block of `console` in trycmd's notation: `$ COMMAND` (and `> ` for a
//! line that continues it), then `? STATUS` where the exit status is not 0 (`? 1`, or `? failed`
//! for any other than 0), then the output, standard output and standard error as one; `...` on
//! a line of its own stands for any lines, and `[..]` for any text within a line, as trycmd and
//! snapbox (which compares them here) read them. Each example runs in a new temporary folder,
//! holding a copy of the fixture folder the comment above it names (`<!-- run in
//! docs/examples/class -->`) or else nothing; `$ cd DIR` moves within it for the commands after.
//! A file of that folder that the reader writes may be shown on the page before the example, in a
//! block whose comment names it (`<!-- file docs/examples/learner/ttt/stage1/main.py -->`):
//! [`crate::docs`] checks that it is shown as it is.
//! A block marked `console,ignore` is not run, and says why in the comment above it (`<!-- not
//! run: it installs -->`): [`crate::docs`] checks that every example is one or the other. An
//! example that takes a twentieth of a second or more of a core says `thorough` in its comment
//! (`<!-- run in docs/examples/class, thorough -->`, or `<!-- thorough -->`): every `cargo test`
//! leaves it to `scripts/thorough-tests`, as each test binary's `THOROUGH` list does its trials.
//!
//! The commands are found on PATH, but `grade` and `kata`, which are the workspace's binaries
//! ([`crate::stages`]), and `python3`, which is the interpreter itself (not a version manager's
//! shim, whose resolution the report would mention) started without `site`, as every test of the
//! workspace starts it (`test_support::toolchain::PYTHON_WITHOUT_SITE`): the programs graded use
//! only the standard library, and each start costs a few milliseconds instead of tens. That is so
//! also in an example that does not show `python3` but starts it (a class of `kata new` projects
//! in Python, a kata's starter checked in Python), where the shim's own start once made a build
//! cost a quarter of a second of CPU; an example that shows it is skipped where there is no
//! Python. With `EXAMPLES_COST` set, each example says what its commands cost
//! (`scripts/bench-examples`).

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use test_support::Trial;
use test_support::toolchain;

use crate::katas::workspace;

/// The documents whose examples are run: the README and every page of the book.
pub(crate) fn documents() -> Vec<PathBuf> {
    let root = workspace();
    let mut documents = vec![root.join("README.md")];
    documents.extend(crate::docs::markdown_under(&root.join("docs/src")));
    documents
}

/// The part of the note of an example left to `scripts/thorough-tests`.
const THOROUGH_NOTE: &str = "thorough";

/// The variable that has each example say what its commands cost once it has run, on the clock
/// and in CPU time: right only when the trials run one at a time (`scripts/bench-examples`).
const COST_VARIABLE: &str = "EXAMPLES_COST";

/// The CPU time, in seconds, of the processes this one has waited for, and of those they waited
/// for: `cutime` and `cstime` of `/proc/self/stat`, in hundredths of a second.
fn children_cpu() -> f64 {
    let stat = fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command's name, which is in parentheses and may hold spaces: the
    // state is field 3, cutime field 16 and cstime field 17.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |field: usize| -> f64 {
        fields
            .get(field - 3)
            .and_then(|value| value.parse::<u32>().ok())
            .map_or(0.0, f64::from)
    };
    (ticks(16) + ticks(17)) / 100.0
}

/// A fenced block of a Markdown document.
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// The document, from the workspace's root.
    pub(crate) document: PathBuf,
    /// The line of its opening fence, from 1.
    pub(crate) line: usize,
    /// What follows the opening fence: `console`, `toml`, `console,ignore`, ...
    pub(crate) info: String,
    /// The text of an HTML comment on the last line that is not blank before the fence.
    pub(crate) note: Option<String>,
    /// Its lines, without the fences.
    pub(crate) lines: Vec<String>,
}

impl Block {
    /// Where the block is, as `path:line`.
    pub(crate) fn place(&self) -> String {
        format!("{}:{}", self.document.display(), self.line)
    }

    /// Whether the block is a console example, run or not.
    pub(crate) fn is_console(&self) -> bool {
        self.info.split(',').next() == Some("console")
    }

    /// Whether the block is marked as not run.
    pub(crate) fn is_ignored(&self) -> bool {
        self.info.split(',').skip(1).any(|word| word == "ignore")
    }

    /// The fixture folder its note names, from the workspace's root.
    pub(crate) fn fixture(&self) -> Option<&str> {
        self.note_parts()
            .next()?
            .strip_prefix("run in ")
            .map(str::trim)
    }

    /// Whether its note says it is thorough.
    pub(crate) fn is_thorough(&self) -> bool {
        self.note_parts().any(|part| part == THOROUGH_NOTE)
    }

    /// The parts of its note that commas part (`run in docs/examples/class`, `thorough`); none
    /// without a note.
    fn note_parts(&self) -> impl Iterator<Item = &str> {
        self.note
            .as_deref()
            .into_iter()
            .flat_map(|note| note.split(',').map(str::trim))
    }

    /// The file of an example's fixture folder that the block shows, from the workspace's root,
    /// as its note names it (`<!-- file docs/examples/learner/ttt/stage1/main.py -->`).
    pub(crate) fn shown_file(&self) -> Option<&str> {
        self.note.as_deref()?.strip_prefix("file ").map(str::trim)
    }

    /// Why it is not run, as its note says.
    pub(crate) fn reason_not_run(&self) -> Option<&str> {
        self.note
            .as_deref()?
            .strip_prefix("not run: ")
            .map(str::trim)
    }
}

/// The fenced blocks of `text`, the document `document`.
pub(crate) fn blocks(document: &Path, text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    let mut last_prose = "";
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (Some(_), Some(_)) => found.extend(open.take()),
            (Some(block), None) => block.lines.push(line.to_owned()),
            (None, Some(info)) => {
                let note = last_prose
                    .trim()
                    .strip_prefix("<!--")
                    .and_then(|rest| rest.strip_suffix("-->"))
                    .map(|note| note.trim().to_owned());
                open = Some(Block {
                    document: document.to_owned(),
                    line: index + 1,
                    info: info.trim().to_owned(),
                    note,
                    lines: Vec::new(),
                });
            }
            (None, None) => {
                if !line.trim().is_empty() {
                    last_prose = line;
                }
            }
        }
    }
    found
}

/// Every console block of the documents, the blocks of each document with it.
pub(crate) fn all_blocks() -> Vec<Block> {
    let root = workspace();
    documents()
        .iter()
        .flat_map(|path| {
            let text = fs::read_to_string(path)
                .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let relative = path.strip_prefix(&root).unwrap_or(path).to_owned();
            blocks(&relative, &text)
        })
        .collect()
}

/// The exit status an example expects of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// 0.
    Success,
    /// Any but 0, or a signal.
    Failed,
    /// This one.
    Code(i32),
}

/// One command of an example and what it must do.
#[derive(Debug)]
pub(crate) struct Step {
    /// Its line in the document.
    line: usize,
    /// `NAME=VALUE` words before the program.
    env: Vec<(String, String)>,
    program: String,
    args: Vec<String>,
    status: Status,
    /// The output, each line with its ending.
    output: String,
}

/// The commands of a console block, as trycmd reads them.
///
/// # Errors
///
/// A line where a command must start and does not, a status that is none, or a command line
/// that does not split into words.
pub(crate) fn steps(block: &Block) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut lines = block.lines.iter().enumerate().peekable();
    while let Some((index, line)) = lines.next() {
        let at = block.line + 1 + index;
        let Some(command) = line.strip_prefix("$ ") else {
            return Err(format!(
                "{}: `$ ` must start a command: `{line}`",
                block.place()
            ));
        };
        let mut command = command.to_owned();
        while let Some((_, more)) = lines.next_if(|(_, line)| line.starts_with("> ")) {
            command.push(' ');
            command.push_str(&more[2..]);
        }
        let mut status = Status::Success;
        if let Some((_, said)) = lines.next_if(|(_, line)| line.starts_with("? ")) {
            status = match said[2..].trim() {
                "success" => Status::Success,
                "failed" => Status::Failed,
                code => Status::Code(
                    code.parse()
                        .map_err(|_| format!("{}: `{said}` is no exit status", block.place()))?,
                ),
            };
        }
        let mut output = String::new();
        while let Some((_, shown)) = lines.next_if(|(_, line)| !line.starts_with("$ ")) {
            output.push_str(shown);
            output.push('\n');
        }
        let mut words = shlex::split(&command)
            .ok_or_else(|| format!("{}: `{command}` does not split into words", block.place()))?
            .into_iter();
        let mut env = Vec::new();
        let program = loop {
            let Some(word) = words.next() else {
                return Err(format!("{}: `{command}` names no program", block.place()));
            };
            match word.split_once('=') {
                Some((name, value)) => env.push((name.to_owned(), value.to_owned())),
                None => break word,
            }
        };
        steps.push(Step {
            line: at,
            env,
            program,
            args: words.collect(),
            status,
            output,
        });
    }
    Ok(steps)
}

/// A trial for each console example that is run; an example shown in several places (the
/// README's, the page it leads to) is run once, named by its first place.
pub(crate) fn trials() -> Vec<Trial> {
    let mut examples: Vec<(Block, Vec<String>)> = Vec::new();
    for block in all_blocks() {
        if !block.is_console() || block.is_ignored() {
            continue;
        }
        let same = examples
            .iter_mut()
            .find(|(first, _)| first.lines == block.lines && first.note == block.note);
        match same {
            Some((_, places)) => places.push(block.place()),
            None => examples.push((block, Vec::new())),
        }
    }
    examples
        .into_iter()
        .map(|(block, also)| {
            let name = format!("examples::{}", block.place());
            let thorough = block.is_thorough();
            let trial = if block.lines.iter().any(|line| line.contains("python3")) {
                test_support::test_with(name, toolchain::python, move |python| {
                    run(&block, &also, Some(&python));
                })
            } else {
                // Its commands may start Python all the same, through a project's `kata.toml` or
                // the starters of `--lang python`: the same interpreter, where there is one.
                test_support::test(name, move || {
                    let python = toolchain::python().ok();
                    run(&block, &also, python.as_deref());
                })
            };
            if thorough {
                test_support::thorough_trial(trial)
            } else {
                trial
            }
        })
        .collect()
}

/// Runs the example `block`, shown too at the places `also`, `python` standing for `python3`;
/// panics where it departs.
fn run(block: &Block, also: &[String], python: Option<&Path>) {
    let steps = steps(block).unwrap_or_else(|error| panic!("{error}"));
    let folder = tempfile::tempdir().expect("a temporary folder");
    let tools = folder.path().join(".tools");
    let work = folder.path().join("work");
    fs::create_dir_all(&tools).expect("a folder for the tools");
    match block.fixture() {
        Some(fixture) => copy_tree(&workspace().join(fixture), &work),
        None => fs::create_dir(&work).expect("a folder for the example"),
    }
    if let Some(python) = python {
        wrap_python(python, &tools.join("python3"));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![tools.clone()];
    paths.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(paths).expect("a PATH");
    let mut cwd = work.clone();
    // The tools are found (and built, the first time) before the example's cost is counted.
    let programs: Vec<PathBuf> = steps
        .iter()
        .map(|step| match step.program.as_str() {
            "grade" | "kata" => crate::stages::built_in(&step.program),
            other => PathBuf::from(other),
        })
        .collect();
    let cost = std::env::var_os(COST_VARIABLE).map(|_| (Instant::now(), children_cpu()));
    for (step, program) in steps.iter().zip(programs) {
        let mut shown = format!(
            "{}:{}: `{}`",
            block.document.display(),
            step.line,
            step.program
        );
        if !also.is_empty() {
            shown = format!("{shown} (the example is also at {})", also.join(", "));
        }
        if step.program == "cd" {
            cwd = cwd.join(step.args.first().map_or("", String::as_str));
            assert!(cwd.is_dir(), "{shown}: no such folder {}", cwd.display());
            continue;
        }
        let mut command = Command::new(program);
        // As a user runs them, not as cargo runs this test: `grade` run by cargo finds the
        // workspace's kata from `CARGO_MANIFEST_DIR`.
        for (name, _) in std::env::vars_os() {
            if name.to_string_lossy().starts_with("CARGO") {
                command.env_remove(name);
            }
        }
        command
            .args(&step.args)
            .envs(step.env.iter().map(|(name, value)| (name, value)))
            .env("PATH", &path)
            .current_dir(&cwd);
        let (status, output) = output_of(command, &shown);
        let status_right = match step.status {
            Status::Success => status == Some(0),
            Status::Failed => status != Some(0),
            Status::Code(code) => status == Some(code),
        };
        assert!(
            status_right,
            "{shown} {:?} ended with status {status:?}, not {:?}; its output:\n{output}",
            step.args, step.status
        );
        if let Err(error) = snapbox::Assert::new().try_eq(
            None,
            snapbox::Data::text(output),
            snapbox::Data::text(step.output.clone()),
        ) {
            panic!("{shown} {:?}: {error}", step.args);
        }
    }
    if let Some((start, cpu)) = cost {
        eprintln!(
            "{}: {:.2} s on the clock, {:.2} s of CPU",
            block.place(),
            start.elapsed().as_secs_f64(),
            children_cpu() - cpu
        );
    }
}

/// The exit status (`None` for a signal) and the output, standard output and error as one, of
/// `command` run with no input; panics if it does not end within a minute (more on a busy
/// machine).
fn output_of(mut command: Command, shown: &str) -> (Option<i32>, String) {
    let (mut reader, writer) = std::io::pipe().expect("a pipe");
    let mut child = command
        .stdin(Stdio::null())
        .stdout(writer.try_clone().expect("a second end"))
        .stderr(writer)
        .spawn()
        .unwrap_or_else(|error| panic!("{shown}: cannot start it: {error}"));
    // The command holds the pipe's writing ends: the output ends only once it is dropped.
    drop(command);
    let (sent, read) = mpsc::channel();
    thread::spawn(move || {
        let mut output = Vec::new();
        let _ = reader.read_to_end(&mut output);
        let _ = sent.send(output);
    });
    let limit = test_support::stretched(Duration::from_secs(60));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the command's status") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{shown} did not end within {limit:?}");
        }
        thread::sleep(Duration::from_millis(5));
    };
    let output = read
        .recv_timeout(limit.saturating_sub(start.elapsed()) + Duration::from_secs(1))
        .unwrap_or_else(|_| {
            panic!("{shown} ended, but a process it started keeps its output open")
        });
    (status.code(), String::from_utf8_lossy(&output).into_owned())
}

/// `to` made a copy of `from`, links followed.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|error| panic!("{}: {error}", to.display()));
    let entries = fs::read_dir(from).unwrap_or_else(|error| panic!("{}: {error}", from.display()));
    for entry in entries {
        let entry = entry.expect("a folder entry");
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            copy_tree(&source, &target);
        } else {
            fs::copy(&source, &target)
                .unwrap_or_else(|error| panic!("{}: {error}", source.display()));
        }
    }
}

/// A `python3` at `at` that starts `python` without `site`.
fn wrap_python(python: &Path, at: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let script = format!(
        "#!/bin/sh\nexec '{}' {} \"$@\"\n",
        python.display(),
        toolchain::PYTHON_WITHOUT_SITE
    );
    fs::write(at, script).expect("the python3 of the examples");
    fs::set_permissions(at, fs::Permissions::from_mode(0o755)).expect("an executable python3");
}
