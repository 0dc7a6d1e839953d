//! Running the cases, in parallel, and reporting them in fixture order.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::Duration;

use harness::feedback::{self, Paint};
use harness::fixture::Fixture;
use harness::process::{self, Limits, Run};
use harness::{Program, Verdict, judge};

use crate::results;

/// The verdict of one case, and the run it judged.
#[derive(Debug)]
pub struct CaseResult {
    /// The verdict.
    pub verdict: Verdict,
    /// What the program did.
    pub run: Run,
}

impl CaseResult {
    /// How long the case ran.
    #[must_use]
    pub fn duration(&self) -> Duration {
        self.run.duration
    }
}

/// Runs `program` on the cases, as many at once as there are cores. With `all`, every case is
/// run; otherwise no case after the first failure (in fixture order) is reported, and cases
/// not yet started are not run. The results are in fixture order, a prefix of the cases.
#[must_use]
pub fn grade(
    program: &Program,
    fixtures: &[Fixture],
    limits: Limits,
    all: bool,
) -> Vec<CaseResult> {
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(fixtures.len().max(1));
    let next = AtomicUsize::new(0);
    let first_failure = AtomicUsize::new(usize::MAX);
    let results: Mutex<Vec<Option<CaseResult>>> =
        Mutex::new((0..fixtures.len()).map(|_| None).collect());
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= fixtures.len()
                        || (!all && index > first_failure.load(Ordering::SeqCst))
                    {
                        return;
                    }
                    let fixture = &fixtures[index];
                    let run = process::run(program.argv(), &fixture.transcript.stdin(), limits);
                    let verdict = judge(fixture, &run, limits);
                    if !verdict.passed() {
                        first_failure.fetch_min(index, Ordering::SeqCst);
                    }
                    let mut results = results
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    results[index] = Some(CaseResult { verdict, run });
                }
            });
        }
    });
    let results = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let reported = if all {
        fixtures.len()
    } else {
        first_failure
            .into_inner()
            .saturating_add(1)
            .min(fixtures.len())
    };
    results.into_iter().take(reported).flatten().collect()
}

/// Writes the report of one program: a line a case, the feedback of each failure, and the
/// summary `N passed, N failed` as the last line.
///
/// # Errors
///
/// When `out` cannot be written.
pub(crate) fn write_report(
    program: &Program,
    stage: u8,
    fixtures: &[Fixture],
    results: &[CaseResult],
    paint: Paint,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(
        out,
        "Grading `{}` on the {} cases of stage {stage}",
        program.label(),
        fixtures.len()
    )?;
    for (index, (fixture, result)) in fixtures.iter().zip(results).enumerate() {
        let number = index + 1;
        writeln!(
            out,
            "#{number} {}: {}",
            fixture.name,
            result.verdict.title()
        )?;
        if !result.verdict.passed() {
            writeln!(out)?;
            write!(
                out,
                "{}",
                feedback::report(number, fixture, &result.run, &result.verdict, paint)
            )?;
            writeln!(out)?;
        }
    }
    let failed = results
        .iter()
        .filter(|result| !result.verdict.passed())
        .count();
    let not_run = fixtures.len() - results.len();
    if not_run > 0 {
        writeln!(
            out,
            "Stopped at the first failure: {not_run} more cases not run (--all runs them all)."
        )?;
    }
    writeln!(out, "{} passed, {failed} failed", results.len() - failed)
}

/// Grades every folder under `class` with `template`, in which `{}` stands for the folder, and
/// writes a table of submissions against cases passed; returns the exit status.
///
/// # Errors
///
/// A usage problem: no `{}` in the command, or a folder that cannot be listed.
pub(crate) fn grade_class(
    stage: u8,
    class: &Path,
    template: &[OsString],
    fixtures: &[Fixture],
    limits: Limits,
    json: Option<&Path>,
    out: &mut impl Write,
) -> Result<u8, String> {
    if !template
        .iter()
        .any(|arg| arg.to_string_lossy().contains("{}"))
    {
        return Err(
            "--class needs a command in which `{}` stands for each submission's folder".to_owned(),
        );
    }
    let listing =
        fs::read_dir(class).map_err(|error| format!("cannot list {}: {error}", class.display()))?;
    let mut folders: Vec<_> = listing
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    let mut rows = Vec::new();
    for folder in &folders {
        let folder_text = folder.to_string_lossy();
        let argv = template
            .iter()
            .map(|arg| OsString::from(arg.to_string_lossy().replace("{}", &folder_text)))
            .collect();
        let results = crate::grade(&Program::command(argv), fixtures, limits, true);
        let name = folder
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        rows.push((name, results));
    }
    let width = rows
        .iter()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0)
        .max("submission".len());
    let all_passed = rows
        .iter()
        .filter(|(_, results)| results.iter().all(|result| result.verdict.passed()))
        .count();
    let mut table = || -> io::Result<()> {
        writeln!(out, "{:width$}  passed/total", "submission")?;
        for (name, results) in &rows {
            let passed = results
                .iter()
                .filter(|result| result.verdict.passed())
                .count();
            writeln!(out, "{name:width$}  {passed}/{}", fixtures.len())?;
        }
        writeln!(
            out,
            "{all_passed} passed, {} failed",
            rows.len() - all_passed
        )
    };
    table().map_err(|error| format!("cannot write the report: {error}"))?;
    if let Some(path) = json {
        crate::write_json(path, &results::for_class(stage, fixtures, &rows))?;
    }
    Ok(if all_passed == rows.len() {
        crate::EXIT_PASSED
    } else {
        crate::EXIT_FAILED
    })
}
