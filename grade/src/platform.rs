//! `grade platform PLATFORM STAGE -o FILE|DIR [-- COMMAND]`: the files a platform takes,
//! written by the grader, each carrying this very `grade` executable and the kata's folder
//! when the kata is not built in. For Gradescope, the autograder zip: `setup.sh`, which checks
//! that the grader runs on the platform's image, and `run_autograder`, which grades the
//! submission in `/autograder/submission` and writes `/autograder/results/results.json`. For
//! Moodle VPL, the execution files: `vpl_evaluate.sh`. For GitHub Classroom, the template
//! repository's `.github/workflows/classroom.yml`.

use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, ValueEnum};
use zip::write::SimpleFileOptions;

use crate::command_line::command_line_error;
use crate::error::{EXIT_PASSED, GradeError};
use crate::katas;

/// The platforms that take files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Platform {
    /// Gradescope's autograder zip (`-o autograder.zip`).
    Gradescope,
    /// Moodle VPL's execution files, into a folder (`-o DIR`): `vpl_evaluate.sh` and the
    /// grader.
    Vpl,
    /// GitHub Classroom's workflow and the grader, into an assignment's template repository
    /// (`-o DIR`): `.github/workflows/classroom.yml` and `.github/grade/`.
    GithubClassroom,
}

impl Platform {
    /// Its name on the command line.
    fn name(self) -> &'static str {
        match self {
            Platform::Gradescope => "gradescope",
            Platform::Vpl => "vpl",
            Platform::GithubClassroom => "github-classroom",
        }
    }
}

/// What to write for a platform.
#[derive(Debug, Parser)]
#[command(
    name = "grade platform",
    bin_name = "grade platform",
    about = "Writes the files a platform takes to grade a stage with this grader.",
    after_help = "Example:\n  grade platform gradescope 3 -o autograder.zip -- python3 stage3.py\n\n\
        The COMMAND runs in the submission's folder; without one, the submission is a `kata new`\n\
        project graded with its own kata.toml."
)]
pub struct PlatformOptions {
    /// The platform.
    pub platform: Platform,
    /// The stage graded.
    pub stage: u8,
    /// Where to write the platform's file.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// The kata: a folder with a kata-manifest.toml (copied into the zip), or the name of a
    /// kata built in; by default, as for `grade`, the kata of the workspace it runs in, else the
    /// default kata built in.
    #[arg(long, value_name = "DIR|NAME")]
    pub kata: Option<PathBuf>,
    /// Pass a case when its content is right (see `grade --help`).
    #[arg(long)]
    pub content: bool,
    /// The time limit of each case, in seconds of CPU time (as `grade --timeout`).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// How to run a submission, in its folder, not through a shell.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

/// The whole `grade platform` command: `args` from `platform` on.
pub fn run(args: &[OsString], out: &mut impl Write, err: &mut impl Write) -> u8 {
    let options = match PlatformOptions::try_parse_from(args) {
        Ok(options) => options,
        Err(error) => return command_line_error(&error, out, err),
    };
    match write_platform(&options) {
        Ok(()) => {
            let what = match options.platform {
                Platform::Gradescope => "upload it as the assignment's autograder",
                Platform::Vpl => {
                    "upload its files as the activity's execution files, keeping `grade` when \
                     running"
                }
                Platform::GithubClassroom => {
                    "commit its .github folder to the assignment's template repository"
                }
            };
            let _ = writeln!(out, "Wrote {}: {what}.", options.output.display());
            EXIT_PASSED
        }
        Err(error) => {
            let _ = writeln!(err, "grade platform: {error}");
            error.exit_status()
        }
    }
}

/// The folder a kata's copy goes to in the zip.
const KATA_FOLDER: &str = "kata";

fn write_platform(options: &PlatformOptions) -> Result<(), GradeError> {
    let kata = katas::choose(options.kata.as_deref())?;
    kata.stage(options.stage).map_err(GradeError::Usage)?;
    let command: Vec<String> = options
        .command
        .iter()
        .map(|word| {
            word.to_str().map(quote).ok_or_else(|| {
                GradeError::Usage(format!("{} is not UTF-8", word.to_string_lossy()))
            })
        })
        .collect::<Result<_, _>>()?;
    if command.is_empty() && options.platform != Platform::Gradescope {
        return Err(GradeError::Usage(format!(
            "grade platform {}: give the COMMAND that runs a submission, after `--`",
            options.platform.name()
        )));
    }
    // Where the grader and the kata are, as the platform's scripts see them.
    let (grader, kata_folder) = match options.platform {
        Platform::Gradescope => ("\"$root/source/bin/grade\"", "\"$root/source/kata\""),
        Platform::Vpl => ("./grade", "./kata"),
        Platform::GithubClassroom => (".github/grade/grade", ".github/grade/kata"),
    };
    let mut grade_words = vec![
        grader.to_owned(),
        options.stage.to_string(),
        "--kata".to_owned(),
        match kata.folder() {
            Some(_) => kata_folder.to_owned(),
            None => quote(&kata.name),
        },
    ];
    if options.content {
        grade_words.push("--content".to_owned());
    }
    if let Some(timeout) = options.timeout {
        grade_words.push(format!("--timeout {timeout}"));
    }
    let grade = grade_words.join(" ");
    let executable = fs::read(std::env::current_exe().map_err(GradeError::OwnExecutable)?)
        .map_err(GradeError::OwnExecutable)?;
    let mut files: Vec<(String, Vec<u8>, bool)> = match options.platform {
        Platform::Gradescope => vec![
            ("setup.sh".to_owned(), SETUP.as_bytes().to_vec(), true),
            (
                "run_autograder".to_owned(),
                run_autograder(&grade, &command).into_bytes(),
                true,
            ),
            ("bin/grade".to_owned(), executable, true),
        ],
        Platform::Vpl => vec![
            (
                "vpl_evaluate.sh".to_owned(),
                vpl_evaluate(&grade, &command).into_bytes(),
                true,
            ),
            ("grade".to_owned(), executable, true),
        ],
        Platform::GithubClassroom => vec![
            (
                ".github/workflows/classroom.yml".to_owned(),
                classroom_workflow(options.stage, (grader, &grade), &command).into_bytes(),
                false,
            ),
            (".github/grade/grade".to_owned(), executable, true),
        ],
    };
    let kata_prefix = match options.platform {
        Platform::GithubClassroom => ".github/grade/kata",
        Platform::Gradescope | Platform::Vpl => KATA_FOLDER,
    };
    if let Some(folder) = kata.folder() {
        for (relative, path) in files_under(folder).map_err(|error| GradeError::Class {
            path: folder.to_owned(),
            error,
        })? {
            let bytes = fs::read(&path).map_err(|error| GradeError::Class { path, error })?;
            files.push((format!("{kata_prefix}/{relative}"), bytes, false));
        }
    }
    let output_error = |error: std::io::Error| GradeError::Output {
        what: options.output.display().to_string(),
        error,
    };
    match options.platform {
        Platform::Gradescope => write_zip(&options.output, &files).map_err(output_error),
        Platform::Vpl | Platform::GithubClassroom => {
            write_folder(&options.output, &files).map_err(output_error)
        }
    }
}

/// Writes `files` (each a path, its bytes, and whether it is executable) into a zip at `path`.
fn write_zip(path: &Path, files: &[(String, Vec<u8>, bool)]) -> std::io::Result<()> {
    let mut zip = zip::ZipWriter::new(fs::File::create(path)?);
    // Stored as they are: the grader's executable is most of the zip, and compressing it would
    // take longer than the upload it saves.
    let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, bytes, executable) in files {
        let mode = if *executable { 0o755 } else { 0o644 };
        zip.start_file(name.as_str(), stored.unix_permissions(mode))
            .map_err(std::io::Error::other)?;
        zip.write_all(bytes)?;
    }
    zip.finish().map_err(std::io::Error::other)?;
    Ok(())
}

/// Writes `files` into the folder `folder`, made if missing.
fn write_folder(folder: &Path, files: &[(String, Vec<u8>, bool)]) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for (name, bytes, executable) in files {
        let path = folder.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&path, bytes)?;
        if *executable {
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755))?;
        }
    }
    Ok(())
}

/// Every file under `folder`, with its path from `folder`, in name order.
pub(crate) fn files_under(folder: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_owned()];
    while let Some(current) = folders.pop() {
        for entry in fs::read_dir(&current)? {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.is_file()
                && let Ok(relative) = path.strip_prefix(folder)
            {
                files.push((relative.to_string_lossy().into_owned(), path));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// `word` quoted for the shell.
fn quote(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| "''".to_owned(), |quoted| quoted.into_owned())
}

/// Gradescope's `setup.sh`: runs once when the image is built, as root, in the zip's folder.
const SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image. The grader comes
# in this zip (bin/grade); this checks that it runs on the image. Install here whatever the
# submissions need to build and run (their language), for example:
#   apt-get install -y python3
set -euo pipefail
cd "$(dirname "$0")"
chmod +x bin/grade run_autograder
bin/grade --version
"#;

/// Gradescope's `run_autograder`, grading with `grade` and running a submission with `command`
/// (its own `kata.toml` without one).
fn run_autograder(grade: &str, command: &[String]) -> String {
    let run = if command.is_empty() {
        format!(
            "# A `kata new` project: graded as a class of one, with its own kata.toml.\n\
             class=$(mktemp -d)\n\
             ln -s \"$root/submission\" \"$class/submission\"\n\
             {grade} --class \"$class\" --format \"gradescope=$root/results/{{}}.json\" || status=$?\n\
             mv \"$root/results/submission.json\" \"$root/results/results.json\" 2>/dev/null || true\n"
        )
    } else {
        format!(
            "cd \"$root/submission\"\n\
             {grade} --format \"gradescope=$root/results/results.json\" -- {} || status=$?\n",
            command.join(" ")
        )
    };
    format!(
        r#"#!/usr/bin/env bash
# Gradescope runs this for each submission: it grades /autograder/submission and writes
# /autograder/results/results.json. AUTOGRADER_ROOT stands for /autograder, to try it elsewhere.
set -u
root=${{AUTOGRADER_ROOT:-/autograder}}
mkdir -p "$root/results"
status=0
{run}# Grading ran (status 0 or 1, the results written), or the grader could not grade at all:
# then the learner is told so, and the run fails so that the instructor sees it too.
if [ "$status" -gt 1 ] || [ ! -s "$root/results/results.json" ]; then
  printf '{{"score": 0, "output": "The autograder could not grade this submission (grade exit status %s): see its output."}}\n' "$status" > "$root/results/results.json"
  echo "run_autograder: the grader could not grade this submission (grade exit status $status, no results written)" >&2
  exit 1
fi
exit 0
"#
    )
}

/// VPL's `vpl_evaluate.sh`: writes `vpl_execution`, which VPL runs next in the same folder (the
/// submission's files and the execution files together) and whose `Comment :=>>` and
/// `Grade :=>>` lines it reads; `vpl_environment.sh` gives it `VPL_GRADEMAX`.
fn vpl_evaluate(grade: &str, command: &[String]) -> String {
    format!(
        r#"#!/bin/bash
# VPL runs this to evaluate a submission; VPL then runs vpl_execution and reads its lines.
cat > vpl_execution <<'END'
#!/bin/bash
[ -f ./vpl_environment.sh ] && . ./vpl_environment.sh
chmod +x ./grade
status=0
lines=$({grade} --format vpl -- {command}) || status=$?
if [ "$status" -gt 1 ] || [ -z "$lines" ]; then
  echo "Comment :=>>The grader could not grade this submission (exit status $status)."
  echo "Grade :=>> 0"
  echo "vpl_execution: the grader could not grade this submission (exit status $status)" >&2
  exit 1
fi
printf '%s\n' "$lines"
exit 0
END
chmod +x vpl_execution
"#,
        command = command.join(" ")
    )
}

/// GitHub Classroom's workflow: grades on every push, the result in the step's output for the
/// Classroom's reporter; `grader` is the executable (its bit restored, which a web upload
/// loses), `grade` the whole command. A step that could not grade fails, saying why.
fn classroom_workflow(stage: u8, (grader, grade): (&str, &str), command: &[String]) -> String {
    format!(
        r#"name: Autograding Tests
on: [push, repository_dispatch]
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    steps:
      - uses: actions/checkout@v4
      - name: Stage {stage}
        id: stage{stage}
        run: |
          chmod +x {grader}
          status=0
          result=$({grade} --format github-classroom -- {command}) || status=$?
          if [ "$status" -gt 1 ] || [ -z "$result" ]; then
            echo "::error::The grader could not grade this submission (grade exit status $status): see the lines above."
            exit 1
          fi
          echo "result=$result" >> "$GITHUB_OUTPUT"
      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          STAGE{stage}_RESULTS: "${{{{ steps.stage{stage}.outputs.result }}}}"
        with:
          runners: stage{stage}
"#,
        command = command.join(" ")
    )
}
