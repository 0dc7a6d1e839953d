//! `grade platform gradescope STAGE -o autograder.zip [-- COMMAND]`: the files a platform
//! takes, written by the grader. For Gradescope, the autograder zip: `setup.sh`, which checks
//! that the grader it carries runs on the platform's image, `run_autograder`, which grades the
//! submission in `/autograder/submission` and writes `/autograder/results/results.json`, this
//! very `grade` executable, and the kata's folder when the kata is not built in.

use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, ValueEnum};
use zip::write::SimpleFileOptions;

use crate::error::{EXIT_PASSED, GradeError};
use crate::{command_line_error, katas};

/// The platforms that take files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Platform {
    /// Gradescope's autograder zip.
    Gradescope,
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
    /// kata built in; by default the Tic-Tac-Toe kata built in.
    #[arg(long, value_name = "DIR|NAME")]
    pub kata: Option<PathBuf>,
    /// Pass a case when its content is right (see `grade --help`).
    #[arg(long)]
    pub content: bool,
    /// The time limit of each case, in seconds.
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
            let _ = writeln!(
                out,
                "Wrote {}: upload it as the autograder of the assignment.",
                options.output.display()
            );
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
    let cwd = std::env::current_dir().map_err(GradeError::OwnExecutable)?;
    let kata_given = options.kata.as_deref();
    let kata = katas::named(&cwd, kata_given.unwrap_or(Path::new(katas::DEFAULT)))?;
    kata.stage(options.stage).map_err(GradeError::Usage)?;
    let kata_argument = match kata.folder() {
        Some(_) => format!("\"$root/source/{KATA_FOLDER}\""),
        None => quote(&kata.name),
    };
    let command: Vec<String> = options
        .command
        .iter()
        .map(|word| {
            word.to_str().map(str::to_owned).ok_or_else(|| {
                GradeError::Usage(format!("{} is not UTF-8", word.to_string_lossy()))
            })
        })
        .collect::<Result<_, _>>()?;
    let mut grade_words = vec![
        "\"$root/source/bin/grade\"".to_owned(),
        options.stage.to_string(),
        "--kata".to_owned(),
        kata_argument,
    ];
    if options.content {
        grade_words.push("--content".to_owned());
    }
    if let Some(timeout) = options.timeout {
        grade_words.push(format!("--timeout {timeout}"));
    }
    let run_autograder = run_autograder(&grade_words, &command);
    let grader = fs::read(std::env::current_exe().map_err(GradeError::OwnExecutable)?)
        .map_err(GradeError::OwnExecutable)?;
    let output_error = |error: std::io::Error| GradeError::Output {
        what: options.output.display().to_string(),
        error,
    };
    let mut zip = zip::ZipWriter::new(fs::File::create(&options.output).map_err(output_error)?);
    // Stored as they are: the grader's executable is most of the zip, and compressing it would
    // take longer than the upload it saves.
    let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let executable = stored.unix_permissions(0o755);
    let file = stored.unix_permissions(0o644);
    let mut add = |name: &str, bytes: &[u8], options: SimpleFileOptions| {
        zip.start_file(name, options)
            .map_err(std::io::Error::other)
            .and_then(|()| zip.write_all(bytes))
            .map_err(output_error)
    };
    add("setup.sh", SETUP.as_bytes(), executable)?;
    add("run_autograder", run_autograder.as_bytes(), executable)?;
    add("bin/grade", &grader, executable)?;
    if let Some(folder) = kata.folder() {
        for (relative, path) in files_under(folder).map_err(|error| GradeError::Class {
            path: folder.to_owned(),
            error,
        })? {
            let bytes = fs::read(&path).map_err(|error| GradeError::Class { path, error })?;
            add(&format!("{KATA_FOLDER}/{relative}"), &bytes, file)?;
        }
    }
    zip.finish()
        .map_err(|error| output_error(std::io::Error::other(error)))?;
    Ok(())
}

/// Every file under `folder`, with its path from `folder`, in name order.
fn files_under(folder: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
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

/// Gradescope's `run_autograder`, grading with `grade_words` and running a submission with
/// `command` (its own `kata.toml` without one).
fn run_autograder(grade_words: &[String], command: &[String]) -> String {
    let grade = grade_words.join(" ");
    let run = if command.is_empty() {
        format!(
            "# A `kata new` project: graded as a class of one, with its own kata.toml.\n\
             class=$(mktemp -d)\n\
             ln -s \"$root/submission\" \"$class/submission\"\n\
             {grade} --class \"$class\" --format \"gradescope=$root/results/{{}}.json\" || status=$?\n\
             mv \"$root/results/submission.json\" \"$root/results/results.json\" 2>/dev/null || true\n"
        )
    } else {
        let command: Vec<String> = command.iter().map(|word| quote(word)).collect();
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
{run}# Grading ran (status 0 or 1, the results written), or the grader could not grade at all.
if [ "$status" -gt 1 ] || [ ! -s "$root/results/results.json" ]; then
  printf '{{"score": 0, "output": "The autograder could not grade this submission (grade exit status %s): see its output."}}\n' "$status" > "$root/results/results.json"
fi
exit 0
"#
    )
}
