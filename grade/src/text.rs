//! The report for people: a line a case, the feedback of each failure, a summary line last; and
//! the table of a class, a row a submission.

use std::ffi::OsStr;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use harness::feedback::{self, Paint};
use harness::fixture::Fixture;
use harness::sandbox::Support;

use crate::Delivery;
use crate::case::{CaseResult, Criterion, Scores};

/// What a report is about: the stage, where its fixtures are, what passing means, and how each
/// case is given its input.
#[derive(Clone, Copy, Debug)]
pub struct Heading<'a> {
    /// The stage.
    pub stage: u8,
    /// The folder of the fixtures graded against.
    pub fixtures_dir: &'a Path,
    /// What a case must get right to pass.
    pub criterion: Criterion,
    /// How each case is given its input, and why when it is all at once.
    pub delivery: &'a Delivery,
    /// Whether the cases run in the sandbox, and why not when they do not.
    pub sandbox: &'a Support,
}

impl Heading<'_> {
    /// "the 5 cases of stage 3 in DIR", how they pass when that is not exactly, and how their
    /// input is given when it is all at once.
    fn cases(&self, count: usize) -> String {
        let criterion = match self.criterion {
            Criterion::Exact => "",
            Criterion::Content => ", a case passing when its game is right (--content)",
        };
        format!(
            "the {count} cases of stage {} in {}{criterion}{}{}",
            self.stage,
            self.fixtures_dir.display(),
            whole_input_note(self.delivery),
            match self.sandbox {
                Support::Enforced { .. } => String::new(),
                Support::Off(why) => format!(", without the sandbox: {why}"),
            }
        )
    }
}

/// Writes the report of one program graded on the cases of `heading`: its heading, a line a
/// case, the feedback of each case not exactly right, and last `N passed, N failed` with both
/// scores.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn program_report(
    out: &mut impl Write,
    label: &str,
    heading: Heading<'_>,
    fixtures: &[Fixture],
    results: &[CaseResult],
    paint: Paint,
) -> io::Result<()> {
    writeln!(out, "Grading {label} on {}", heading.cases(fixtures.len()))?;
    for result in results {
        let fixture = result.fixture(fixtures);
        writeln!(
            out,
            "#{} {}: {}",
            result.number,
            fixture.shown_name(),
            result.verdict().title()
        )?;
        if !result.verdict().passed() {
            writeln!(out)?;
            write!(
                out,
                "{}",
                feedback::report(
                    result.number,
                    fixture,
                    &result.run,
                    &result.judgement,
                    paint
                )
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
    let scores = Scores::of(results);
    let passed = scores.passed(heading.criterion);
    writeln!(
        out,
        "{passed} passed, {} failed: {} of {total} exact, {} of {total} content",
        scores.total - passed,
        scores.exact,
        scores.content,
        total = scores.total
    )
}

/// The table of a class, written a row at a time as each submission is graded: each
/// submission's cases exactly right, and right in content.
pub struct ClassTable {
    name_width: usize,
    total: usize,
}

/// The heading of the column of cases exactly right, as wide as its figures may be.
const EXACT_COLUMN: &str = "exact";

impl ClassTable {
    /// Writes the heading of a table for submissions named `names`, each graded on `total`
    /// cases. A failure to write is for `out` to keep ([`crate::report::Report`] does).
    pub fn start<'a>(
        out: &mut impl Write,
        heading: Heading<'_>,
        total: usize,
        names: impl Iterator<Item = &'a OsStr>,
    ) -> ClassTable {
        let name_width = names
            .map(|name| shown(name).chars().count())
            .max()
            .unwrap_or(0)
            .max("submission".len());
        let _ = writeln!(out, "Grading each submission on {}", heading.cases(total));
        let figures = format!("{total}/{total}").len().max(EXACT_COLUMN.len());
        let _ = writeln!(
            out,
            "{:name_width$}  {EXACT_COLUMN:figures$}  content",
            "submission"
        );
        ClassTable { name_width, total }
    }

    /// Writes the row of one submission.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn row(
        &self,
        out: &mut impl Write,
        name: &OsStr,
        results: &[CaseResult],
    ) -> io::Result<()> {
        let scores = Scores::of(results);
        let exact = format!("{}/{}", scores.exact, self.total);
        let figures = format!("{0}/{0}", self.total).len().max(EXACT_COLUMN.len());
        writeln!(
            out,
            "{:width$}  {exact:figures$}  {}/{}",
            shown(name),
            scores.content,
            self.total,
            width = self.name_width
        )
    }

    /// Writes the row of a submission that was not graded, with why.
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn row_not_graded(&self, out: &mut impl Write, name: &OsStr, why: &str) -> io::Result<()> {
        writeln!(
            out,
            "{:width$}  {}",
            shown(name),
            harness::visible::visible(why.as_bytes()),
            width = self.name_width
        )
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

/// A submission's folder name as the table shows it: whatever it holds, safe on a terminal.
fn shown(name: &OsStr) -> String {
    harness::visible::visible(name.as_bytes())
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
