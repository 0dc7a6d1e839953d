//! The report for people: a line a case, the feedback of each failure, a summary line last; and
//! the table of a class, a row a submission.

use std::io::{self, Write};
use std::path::Path;

use harness::feedback::{self, Paint};
use harness::fixture::Fixture;

use crate::case::{CaseResult, count_passed};

/// Writes the report of one program graded on the cases of `stage` in `fixtures_dir`: its
/// heading, a line a case, the feedback of each failure, and `N passed, N failed` last.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn program_report(
    out: &mut impl Write,
    label: &str,
    stage: u8,
    fixtures_dir: &Path,
    fixtures: &[Fixture],
    results: &[CaseResult],
    paint: Paint,
) -> io::Result<()> {
    writeln!(
        out,
        "Grading {label} on the {} cases of stage {stage} in {}",
        fixtures.len(),
        fixtures_dir.display()
    )?;
    for result in results {
        let fixture = result.fixture(fixtures);
        writeln!(
            out,
            "#{} {}: {}",
            result.number,
            fixture.name,
            result.verdict.title()
        )?;
        if !result.passed() {
            writeln!(out)?;
            write!(
                out,
                "{}",
                feedback::report(result.number, fixture, &result.run, &result.verdict, paint)
            )?;
            writeln!(out)?;
        }
    }
    let not_run = fixtures.len() - results.len();
    if not_run > 0 {
        let cases = if not_run == 1 { "case" } else { "cases" };
        writeln!(
            out,
            "Stopped at the first failure: {not_run} more {cases} not run (--all runs them all)."
        )?;
    }
    let passed = count_passed(results);
    writeln!(out, "{passed} passed, {} failed", results.len() - passed)
}

/// The table of a class, written a row at a time as each submission is graded.
pub struct ClassTable {
    name_width: usize,
    total: usize,
}

impl ClassTable {
    /// Writes the heading of a table for submissions named `names`, each graded on `total` cases.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn start<'a>(
        out: &mut impl Write,
        stage: u8,
        fixtures_dir: &Path,
        total: usize,
        names: impl Iterator<Item = &'a str>,
    ) -> io::Result<ClassTable> {
        let name_width = names
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0)
            .max("submission".len());
        writeln!(
            out,
            "Grading each submission on the {total} cases of stage {stage} in {}",
            fixtures_dir.display()
        )?;
        writeln!(out, "{:name_width$}  passed/total", "submission")?;
        Ok(ClassTable { name_width, total })
    }

    /// Writes the row of one submission.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn row(&self, out: &mut impl Write, name: &str, results: &[CaseResult]) -> io::Result<()> {
        writeln!(
            out,
            "{name:width$}  {}/{}",
            count_passed(results),
            self.total,
            width = self.name_width
        )
    }

    /// Writes the row of a submission that was not graded, with why.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn row_not_graded(&self, out: &mut impl Write, name: &str, why: &str) -> io::Result<()> {
        writeln!(out, "{name:width$}  {why}", width = self.name_width)
    }

    /// Writes the summary line: submissions that passed every case, the others, and those left
    /// out (folders that are not projects), if any.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn finish(
        out: &mut impl Write,
        passed: usize,
        failed: usize,
        skipped: usize,
    ) -> io::Result<()> {
        if skipped == 0 {
            writeln!(out, "{passed} passed, {failed} failed")
        } else {
            writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped")
        }
    }
}
