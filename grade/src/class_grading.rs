//! Grading a whole class: each submission graded as one program is, two at a time in the same
//! slots (so no more cases at once than one grading runs), its row of the table written as
//! soon as it and those before it are graded, and the class's results in every format asked
//! for.

use std::collections::VecDeque;
use std::io::Write;

use harness::plan::{StagePlan, all_passed};
use report::Heading;
use report::format::{Context, Format};
use report::model::{ClassResults, GradedWith, ProgramResults, ShardPart, SubmissionEntry};
use report::text;

use crate::error::{GradeError, status_of};
use crate::{class, outputs, shard};

/// Grades every submission of `class` on `plan`, the next one while one is, writing its row of
/// the table in order as soon as it is graded (and its files, in a format of one submission),
/// and keeping of it only its results.
pub(crate) fn grade_class(
    (everyone, shard): (Vec<class::Submission>, Option<shard::Shard>),
    (plan, graded): (&StagePlan, GradedWith),
    resolve_shims: bool,
    context: &Context,
    outputs: &outputs::Outputs,
    out: &mut impl Write,
) -> Result<u8, GradeError> {
    let total = plan.total();
    let submissions: Vec<&class::Submission> = everyone
        .iter()
        .filter(|submission| {
            shard.is_none_or(|shard| shard.holds(submission.name.as_encoded_bytes()))
        })
        .collect();
    let names = || {
        submissions
            .iter()
            .map(|submission| submission.name.as_os_str())
    };
    // No case may read any results file, its own or another submission's, nor the folder of
    // another submission, in this slice or another: the class's sandbox hides them all, once,
    // and each submission's sandbox reveals its own folder. Every submission's cases take their
    // control groups from one pool, made once a class, and run in the same slots: two
    // submissions graded side by side run no more cases at once than one does.
    let mut hidden = outputs.every_file(names());
    hidden.extend(everyone.iter().map(|submission| submission.folder.clone()));
    let shared = runner::sandbox::Shared::default();
    let sandbox = plan.sandbox(&hidden).sharing(&shared);
    let heading = Heading::of(plan, sandbox.support());
    let text_file = outputs
        .files()
        .find(|(format, _)| *format == Format::Text)
        .map(|(_, file)| file.to_owned());
    let mut text_copy = Vec::new();
    let on_stdout = outputs.on_stdout() == Format::Text;
    let mut table_out = Tee {
        first: on_stdout.then_some(&mut *out),
        second: text_file.is_some().then_some(&mut text_copy),
    };
    // A class's command names one program for all: its shim, if it is one, is said once, first.
    let resolve = |program: harness::Program| match runner::shims::resolve(&program) {
        Some((resolved, _)) if resolve_shims => resolved,
        _ => program,
    };
    if resolve_shims
        && let Some(class::Runs::Command(program)) = submissions.first().map(|first| &first.runs)
        && let Some((_, shim)) = runner::shims::resolve(program)
    {
        let _ = writeln!(table_out, "{} (--keep-shims runs the shim)", shim.note());
    }
    let table = text::ClassTable::start(&mut table_out, heading, total, names());
    let max_points = plan
        .weighted
        .then(|| plan.weights.iter().map(|weight| weight.points).sum());
    let mut entries = Vec::new();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let stage = heading.stage;
    let grade_one = |submission: &class::Submission| match submission.program(stage, &graded.kata) {
        Ok(program) => {
            let program = resolve(program);
            plan.grade(&program, &sandbox.revealing(&submission.folder))
                .map(Ok)
                .map_err(GradeError::OwnResources)
        }
        Err(not_graded) => Ok(Err(not_graded)),
    };
    let grade_one = &grade_one;
    std::thread::scope(|scope| -> Result<(), GradeError> {
        // The next submission is graded while one is, so that the cores are not idle between
        // the two (its last case, its row, the next one's sandbox); the rows stay in order.
        let mut ahead = VecDeque::new();
        let mut pending = submissions.iter();
        loop {
            while ahead.len() < 2
                && let Some(&submission) = pending.next()
            {
                ahead.push_back((submission, scope.spawn(move || grade_one(submission))));
            }
            let Some((submission, grading)) = ahead.pop_front() else {
                return Ok(());
            };
            let outcome = grading
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            let name = submission.name.to_string_lossy();
            // A failure to write is kept by `out` and told after the files are written.
            let results = match outcome {
                Ok((fixtures, results)) => {
                    let _ = table.row(&mut table_out, &submission.name, &fixtures, &results);
                    if all_passed(&results, plan.criterion) {
                        passed += 1;
                    } else {
                        failed += 1;
                    }
                    ProgramResults::graded(plan, &heading, &fixtures, &results)
                }
                Err(not_graded) => {
                    let _ = table.row_not_graded(
                        &mut table_out,
                        &submission.name,
                        &not_graded.to_string(),
                    );
                    if not_graded.is_skipped() {
                        skipped += 1;
                    } else {
                        failed += 1;
                    }
                    ProgramResults::not_graded(&not_graded.message(), total, max_points)
                }
            };
            for (format, file) in outputs.submission_files(&submission.name) {
                if let Some(document) = format.program(&results, context) {
                    outputs::write(&file, &document)?;
                }
            }
            if outputs.keep_class() {
                entries.push(SubmissionEntry::new(&name, results));
            }
        }
    })?;
    let _ = text::ClassTable::finish(&mut table_out, passed, failed, skipped);
    if let Some(file) = &text_file {
        outputs::write(file, &String::from_utf8_lossy(&text_copy))?;
    }
    let mut class_results = ClassResults::new(&heading, graded, entries);
    class_results.shard = shard.map(|shard| ShardPart {
        count: shard.count,
        index: shard.index,
    });
    let on_stdout = outputs.on_stdout();
    if on_stdout != Format::Text
        && let Some(document) = on_stdout.class(&class_results, context)
    {
        let _ = out.write_all(document.as_bytes());
    }
    for (format, file) in outputs.files() {
        if let Some(document) = format.class(&class_results, context) {
            outputs::write(file, &document)?;
        }
    }
    Ok(status_of(failed == 0))
}

/// A writer to two writers, either of which may be absent: the class's table goes to the
/// report and to its file.
struct Tee<'a, A: Write, B: Write> {
    first: Option<&'a mut A>,
    second: Option<&'a mut B>,
}

impl<A: Write, B: Write> Write for Tee<'_, A, B> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if let Some(first) = self.first.as_mut() {
            first.write_all(bytes)?;
        }
        if let Some(second) = self.second.as_mut() {
            second.write_all(bytes)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if let Some(first) = self.first.as_mut() {
            first.flush()?;
        }
        Ok(())
    }
}
