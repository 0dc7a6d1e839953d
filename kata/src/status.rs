//! What the learner asks about their progress: `kata list` (the kata's stages and how far each
//! got) and `kata hint` (the hint of the first case that failed).

use std::io::{self, Write};

use grade::project::Project;
use kata_model::fixture::Fixture;

use crate::check::{self, Outcome};
use crate::course::Course;
use crate::error::KataError;
use crate::progress::Progress;
use crate::style::Style;

/// The width hints are wrapped to, indent included.
const HINT_WIDTH: usize = 96;

/// Writes the table of the kata's stages: done, current or not, with the cases that passed at
/// each one's last check.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn write_list(
    out: &mut dyn Write,
    progress: &Progress,
    course: &Course,
    style: Style,
) -> io::Result<()> {
    let current = course.current_stage(progress);
    let width = course
        .stages()
        .map(|stage| course.title(stage).chars().count())
        .max()
        .unwrap_or(0);
    writeln!(out, "   {:width$}  {:<12}  cases", "stage", "status")?;
    for stage in course.stages() {
        let cases = course.cases(stage);
        let record = progress.record(stage);
        let done = record.is_some_and(|record| record.is_done(cases));
        let status = if done {
            style.good(&format!("{:<12}", "done"))
        } else if Some(stage) == current {
            style.strong(&format!("{:<12}", "current"))
        } else if record.is_some() {
            format!("{:<12}", "not done")
        } else {
            format!("{:<12}", "not started")
        };
        let passed = match record {
            None => format!("-/{cases}"),
            Some(record) if record.not_run => format!("0/{cases}, did not build or start"),
            Some(record) => format!("{}/{cases}", record.passed),
        };
        writeln!(
            out,
            "{stage}  {:width$}  {status}  {passed}",
            course.title(stage)
        )?;
    }
    let (done, count) = (course.stages_done(progress), course.stage_count());
    match current {
        Some(stage) => writeln!(
            out,
            "{done} of {count} stages done. Stage {stage} is next: its task is in \
             stage{stage}/README.md."
        ),
        None => writeln!(out, "All {count} stages done: the kata is complete."),
    }
}

/// Writes the hint of the first case of the current stage that failed at its last check,
/// checking the stage first if it has not been checked since. Returns the exit status: 0 when a
/// hint was given or no stage needs one, 1 when the stage fails before any case can run.
///
/// # Errors
///
/// When the stage cannot be checked, the progress file cannot be written, or `out` cannot be
/// written.
pub fn hint(
    out: &mut dyn Write,
    course: &Course,
    project: &Project,
    progress: &mut Progress,
) -> Result<u8, KataError> {
    let Some(stage) = course.current_stage(progress) else {
        writeln!(
            out,
            "All {} stages are done: no hint needed. `kata check N` checks a stage again.",
            course.stage_count()
        )?;
        return Ok(grade::EXIT_PASSED);
    };
    let known = progress
        .record(stage)
        .is_some_and(|record| record.not_run || record.first_failure.is_some());
    if !known {
        writeln!(
            out,
            "Stage {stage} has no failing case on record: checking it first."
        )?;
        let checked = check::check(course, project, stage, false, false, out)?;
        check::record(project, progress, &checked)?;
        if checked.passed() {
            writeln!(out, "Stage {stage}: {}; no hint needed.", checked.summary())?;
            let current = course.current_stage(progress);
            check::write_next(out, course, project, current)?;
            return Ok(grade::EXIT_PASSED);
        }
        if let Outcome::CannotBuild(_) | Outcome::CannotStart(_) = checked.outcome {
            writeln!(out, "Stage {stage}: {}.", checked.summary())?;
        }
    }
    let record = progress.record(stage).cloned().unwrap_or_default();
    let fixtures = course.all_cases(stage)?;
    let failed = record.first_failure.as_deref().and_then(|name| {
        fixtures
            .iter()
            .enumerate()
            .find(|(_, fixture)| fixture.name == name)
    });
    let Some((index, fixture)) = failed else {
        writeln!(
            out,
            "Stage {stage} did not build or start at its last check, so no case has failed \
             yet: `kata check` says why. The hints are about the cases, once it runs."
        )?;
        return Ok(grade::EXIT_FAILED);
    };
    write_hint(out, stage, index + 1, fixture)?;
    writeln!(
        out,
        "`kata check` shows where your output departs from this case; stage{stage}/README.md \
         has the rules."
    )?;
    Ok(grade::EXIT_PASSED)
}

/// Writes the hint of `fixture`, case `number` of stage `stage`, the first that failed at the
/// last check.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn write_hint(
    out: &mut dyn Write,
    stage: u8,
    number: usize,
    fixture: &Fixture,
) -> io::Result<()> {
    writeln!(
        out,
        "Hint for stage {stage}, test #{number} ({}), the first case that failed at the last \
         check:",
        fixture.shown_name()
    )?;
    writeln!(out)?;
    let text = fixture
        .hint
        .as_deref()
        .unwrap_or("This case has no hint: its transcript in `kata check` shows what it needs.");
    for line in wrap(text, HINT_WIDTH - 2) {
        writeln!(out, "  {line}")?;
    }
    writeln!(out)
}

/// `text` in lines of at most `width` characters, broken between words (a longer word gets a
/// line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_between_words() {
        assert_eq!(wrap("a bb ccc dd", 6), ["a bb", "ccc dd"]);
        assert_eq!(wrap("abcdefgh ij", 4), ["abcdefgh", "ij"]);
        assert!(wrap("  ", 4).is_empty());
    }
}
