//! The report for people: a line a case, the feedback of each failure, a summary line last; and
//! the table of a class, a row a submission.

use std::ffi::OsStr;
use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;

use harness::feedback::{self, Paint};
use harness::judge::Verdict;
use harness::results::{CaseResult, Scores};
use kata_model::fixture::Fixture;
use visible::visible;

use crate::heading::Heading;

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
    program_report_showing(out, label, heading, fixtures, results, paint, &|_| true)
}

/// [`program_report`], where a case whose number `shown` refuses (a case the kata hides from
/// learners) is reported by its name and verdict alone, without its feedback.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn program_report_showing(
    out: &mut impl Write,
    label: &str,
    heading: Heading<'_>,
    fixtures: &[Fixture],
    results: &[CaseResult],
    paint: Paint,
    shown: &dyn Fn(usize) -> bool,
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
        if !result.verdict().passed() && shown(result.number) {
            writeln!(out)?;
            write!(out, "{}", feedback::report(result, fixture, paint))?;
            writeln!(out)?;
        }
        // The grader's report is the instructor's: what the kata's judge said for them.
        if let Some(said) = judge_said(result) {
            writeln!(out, "{said}")?;
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

/// The heading of the column of cases right in content.
const CONTENT_COLUMN: &str = "content";

impl ClassTable {
    /// Writes the heading of a table for submissions named `names`, each graded on `total`
    /// cases. A failure to write is for `out` to keep ([`crate::Report`] does).
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
            "{:name_width$}  {EXACT_COLUMN:figures$}  {CONTENT_COLUMN}  first failure",
            "submission"
        );
        ClassTable { name_width, total }
    }

    /// Writes the row of one submission graded on `fixtures`: its scores, and unless every case
    /// passed, its first failure (the case and its verdict, or why it could not start).
    ///
    /// # Errors
    ///
    /// When `out` cannot be written.
    pub fn row(
        &self,
        out: &mut impl Write,
        name: &OsStr,
        fixtures: &[Fixture],
        results: &[CaseResult],
    ) -> io::Result<()> {
        let scores = Scores::of(results);
        let exact = format!("{}/{}", scores.exact, self.total);
        let content = format!("{}/{}", scores.content, self.total);
        let figures = format!("{0}/{0}", self.total).len().max(EXACT_COLUMN.len());
        let failure = results
            .iter()
            .find(|result| !result.verdict().passed())
            .map(|result| match result.verdict() {
                Verdict::CannotStart(why) => {
                    format!("cannot start: {}", visible(why.as_bytes()))
                }
                verdict => format!(
                    "test #{} ({}): {}",
                    result.number,
                    result.fixture(fixtures).shown_name(),
                    verdict.title()
                ),
            });
        let line = match failure {
            Some(failure) => format!(
                "{:width$}  {exact:figures$}  {content:content_width$}  {failure}",
                shown(name),
                width = self.name_width,
                content_width = figures.max(CONTENT_COLUMN.len()),
            ),
            None => format!(
                "{:width$}  {exact:figures$}  {content}",
                shown(name),
                width = self.name_width
            ),
        };
        writeln!(out, "{line}")
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
            visible(why.as_bytes()),
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
    visible(name.as_bytes())
}

/// What the kata's own judge said for the instructor about a failed case, as the grader's report
/// shows it: a heading, then each line indented and made safe on a terminal; `None` for a case
/// that passed or whose judge said nothing.
#[must_use]
pub fn judge_said(result: &CaseResult) -> Option<String> {
    let message = result.judgement.judge_message.as_ref()?;
    if result.verdict().passed() {
        return None;
    }
    let mut said = String::from("The kata's judge said, for the instructor:\n");
    for line in message.lines() {
        said.push_str("  ");
        said.push_str(&visible(line.as_bytes()));
        said.push('\n');
    }
    Some(said)
}
