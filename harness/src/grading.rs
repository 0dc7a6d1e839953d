//! The engine: a program run on a stage's cases in parallel, judged, and handed back in case
//! order, stopping at the first failure unless every case is asked for. Nothing here writes a
//! report or knows a kata: the kata's content check is passed in.

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use crate::content::ContentCheck;
use crate::fixture::Fixture;
use crate::judge::judge;
use crate::process::{self, Limits, Mode};
use crate::program::Program;
use crate::results::{CaseResult, Criterion};
use crate::sandbox::Sandbox;

/// How the cases of a stage are graded.
#[derive(Clone, Copy)]
pub struct Grading<'a> {
    /// The stage's content check: the kata's own, or [`crate::PlainText`] for a kata with none.
    pub check: &'a dyn ContentCheck,
    /// The limits of each case.
    pub limits: Limits,
    /// Whether every case is run, or grading stops at the first failure.
    pub all: bool,
    /// What a case must get right to pass.
    pub criterion: Criterion,
    /// How each case is given its input.
    pub mode: Mode,
}

/// Runs `program` on the cases, as many at once as there are cores. With `how.all`, every
/// case is run; otherwise no case after the first failure (in fixture order, by
/// `how.criterion`) is reported, and cases not yet started are not run. The results are in
/// fixture order, a prefix of the cases.
///
/// # Errors
///
/// The grader's own failure (out of file descriptors or processes, a sandbox it could not set
/// up): no verdict on the program can be given then.
pub fn grade(
    program: &Program,
    fixtures: &[Fixture],
    how: Grading<'_>,
    sandbox: &Sandbox,
) -> io::Result<Vec<CaseResult>> {
    let Grading {
        check,
        limits,
        all,
        criterion,
        mode,
    } = how;
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(fixtures.len().max(1));
    let next = AtomicUsize::new(0);
    let first_failure = AtomicUsize::new(usize::MAX);
    let results: Mutex<Vec<Option<CaseResult>>> =
        Mutex::new((0..fixtures.len()).map(|_| None).collect());
    // The grader's own failure stops every worker: no verdict can be trusted after it.
    let own_failure: Mutex<Option<io::Error>> = Mutex::new(None);
    let failed_itself = AtomicBool::new(false);
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= fixtures.len()
                        || failed_itself.load(Ordering::SeqCst)
                        || (!all && index > first_failure.load(Ordering::SeqCst))
                    {
                        return;
                    }
                    let fixture = &fixtures[index];
                    let inputs = fixture.transcript.inputs();
                    let run = match process::run(program, inputs, mode, limits, sandbox) {
                        Ok(run) => run,
                        Err(error) => {
                            failed_itself.store(true, Ordering::SeqCst);
                            lock(&own_failure).get_or_insert(error);
                            return;
                        }
                    };
                    let result = CaseResult {
                        number: index + 1,
                        judgement: judge(fixture, &run, limits, check),
                        run,
                    };
                    if !result.passed(criterion) {
                        first_failure.fetch_min(index, Ordering::SeqCst);
                    }
                    lock(&results)[index] = Some(result);
                }
            });
        }
    });
    if let Some(error) = lock(&own_failure).take() {
        return Err(error);
    }
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
    Ok(results.into_iter().take(reported).flatten().collect())
}

/// The value of `mutex`, whether or not a thread panicked holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
