//! The report for people: a line a case, the feedback of each failure, a summary line last; and
//! the table of a class, a row a submission.

use std::io::{self, Write};
use std::path::Path;

use harness::feedback::{self, Paint};
use harness::fixture::Fixture;

use crate::Delivery;
use crate::case::{CaseResult, count_passed};

/// Writes the report of one program graded on the cases of `stage` in `fixtures_dir`: its
/// heading (which says so when each case is given its whole input at once), a line a case, the
/// feedback of each failure, and `N passed, N failed` last.
///
/// # Errors
///
/// When `out` cannot be written.
#[allow(clippy::too_many_arguments)]
pub fn program_report(
    out: &mut impl Write,
    label: &str,
    stage: u8,
    fixtures_dir: &Path,
    fixtures: &[Fixture],
    results: &[CaseResult],
    delivery: &Delivery,
    paint: Paint,
) -> io::Result<()> {
    writeln!(
        out,
        "Grading {label} on the {} cases of stage {stage} in {}{}",
        fixtures.len(),
        fixtures_dir.display(),
        whole_input_note(delivery)
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
        delivery: &Delivery,
        names: impl Iterator<Item = &'a str>,
    ) -> io::Result<ClassTable> {
        let name_width = names
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0)
            .max("submission".len());
        writeln!(
            out,
            "Grading each submission on the {total} cases of stage {stage} in {}{}",
            fixtures_dir.display(),
            whole_input_note(delivery)
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

    /// Writes the summary line: submissions that passed every case, and the others.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn finish(out: &mut impl Write, passed: usize, failed: usize) -> io::Result<()> {
        writeln!(out, "{passed} passed, {failed} failed")
    }
}

/// The end of a report's first line when each case is given its whole input at once: what a
/// learner must know to read its transcripts, which then cannot show where each input was given.
fn whole_input_note(delivery: &Delivery) -> String {
    delivery
        .whole_input_because
        .as_ref()
        .map(|why| format!(", each case given its whole input at once, {why}"))
        .unwrap_or_default()
}
