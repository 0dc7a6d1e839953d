//! The engine: a program run on a stage's cases in parallel, judged, and handed back in case
//! order, stopping at the first failure unless every case is asked for. Nothing here writes a
//! report or knows a kata: the kata's content check is passed in.

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use crate::content::ContentCheck;
use crate::interleaving::{Rendered, RunShown};
use crate::judge::{Judgement, judge, judge_validated};
use crate::results::{CaseResult, Criterion};
use crate::runs;
use crate::validator::interactor;
use crate::validator::{self, Validation};
use kata_model::case_judge::{CaseJudge, JudgeProgram};
use kata_model::fixture::Fixture;
use kata_model::transcript::{Input, Transcript, line_end};
use runner::lock;
use runner::process::{self, Limits, Mode, Outcome, Run};
use runner::program::Program;
use runner::sandbox::Sandbox;

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

/// Runs `program` on the cases, as many at once as `sandbox` has slots free (as many as there
/// are cores, shared with any other grading in a sandbox that shares them). With `how.all`,
/// every case is run; otherwise no case after the first failure (in fixture order, by
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
    let Grading { all, criterion, .. } = how;
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
                    let _slot = sandbox.slots().take();
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= fixtures.len()
                        || failed_itself.load(Ordering::SeqCst)
                        || (!all && index > first_failure.load(Ordering::SeqCst))
                    {
                        return;
                    }
                    let case = Case {
                        fixture: &fixtures[index],
                        number: index + 1,
                    };
                    let result = match case.grade(program, how, sandbox) {
                        Ok(result) => result,
                        Err(error) => {
                            failed_itself.store(true, Ordering::SeqCst);
                            lock(&own_failure).get_or_insert(error);
                            return;
                        }
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

/// One case of a stage, graded by itself.
struct Case<'a> {
    fixture: &'a Fixture,
    /// Its 1-based number.
    number: usize,
}

impl Case<'_> {
    /// `program` run on the case and judged as the case says: by its transcript, by the kata's
    /// checker after the run, or by the kata's interactor beside it, as many runs as it asks
    /// (the first that fails is the one reported, and no run is made after it).
    fn grade(
        &self,
        program: &Program,
        how: Grading<'_>,
        sandbox: &Sandbox,
    ) -> io::Result<CaseResult> {
        let Grading {
            check,
            limits,
            mode,
            ..
        } = how;
        let fixture = self.fixture.loaded().map_err(|error| {
            io::Error::other(format!("the case can no longer be read: {error}"))
        })?;
        let fixture = fixture.as_ref();
        let inputs = &runs::Given(fixture.transcript.inputs());
        let (judgement, run, played) = match &fixture.judge {
            CaseJudge::Transcript => {
                let run = process::run(program, inputs, mode, limits, sandbox)?;
                (judge(fixture, &run, limits, check), run, None)
            }
            CaseJudge::Tokens(_) | CaseJudge::Checker(_) => {
                let run = process::run(
                    program,
                    inputs,
                    runs::mode_of(fixture, mode),
                    limits,
                    sandbox,
                )?;
                let validation = check_output(fixture, &run)?;
                let judgement =
                    judge_validated(&run, limits, &validation, fixture.exit_status, None);
                (judgement, run, None)
            }
            CaseJudge::Interactor {
                judge,
                runs,
                joined,
            } => {
                let mut played = None;
                for _ in 0..*runs {
                    let (judgement, run, conversation) =
                        play(fixture, program, (judge, *joined), how, sandbox)?;
                    let failed = !judgement.verdict.passed();
                    played = Some((judgement, run, Some(Box::new(conversation))));
                    if failed {
                        break;
                    }
                }
                played.ok_or_else(|| io::Error::other("an interactor case of no run"))?
            }
        };
        Ok(CaseResult {
            number: self.number,
            judgement,
            run,
            played,
            command: program.words(),
        })
    }
}

/// What the judge of `fixture`, a case read, decides of `run`'s output, once it has ended: only
/// a run that ended by itself with the status expected is judged, since a crash or a wrong
/// status is the verdict without it, as the problem package format has it (a run-time error).
fn check_output(fixture: &Fixture, run: &Run) -> io::Result<Validation> {
    if !matches!(run.outcome, Outcome::Exited(status) if status == fixture.exit_status) {
        return Ok(Validation::unneeded());
    }
    let answer = fixture.transcript.stdout();
    match &fixture.judge {
        CaseJudge::Tokens(flags) => Ok(Validation::of_tokens(&answer, &run.stdout, flags)),
        CaseJudge::Checker(checker) => {
            validator::checker::check(checker, &fixture.transcript.stdin(), &answer, &run.stdout)
        }
        CaseJudge::Transcript | CaseJudge::Interactor { .. } => Ok(Validation::unneeded()),
    }
}

/// One run of `program` beside `interactor` on `fixture`, a case read, the two `joined` by
/// pipes or relayed: its judgement, the run, and the case as it was played (the conversation
/// for its transcript).
fn play(
    fixture: &Fixture,
    program: &Program,
    (interactor, joined): (&JudgeProgram, bool),
    how: Grading<'_>,
    sandbox: &Sandbox,
) -> io::Result<(Judgement, Run, Fixture)> {
    let (run, inputs, interacted) = interactor::play(
        (interactor, joined),
        (&fixture.transcript.stdin(), &fixture.transcript.stdout()),
        program,
        (how.limits, how.limits.ceiling()),
        sandbox,
    )?;
    let judgement = judge_validated(
        &run,
        how.limits,
        &interacted.validation,
        fixture.exit_status,
        Some(&interacted),
    );
    let played = conversation(fixture, &run, &inputs);
    Ok((judgement, run, played))
}

/// How many of the inputs an interactor gave a case's record of the conversation keeps, with
/// what the program wrote before the next: a report shows a conversation's beginning, and one of
/// a hundred thousand exchanges kept whole (40 MB in its parsed transcript) in the result of
/// each of a package's hundreds of cases would hold gigabytes.
pub const MOST_RECORDED_INPUTS: usize = 1000;

/// `fixture` as `run` played it, given `inputs` by an interactor: its transcript the
/// conversation, each input where it was given, up to [`MOST_RECORDED_INPUTS`] inputs and what
/// the program wrote before the next.
fn conversation(fixture: &Fixture, run: &Run, inputs: &[Input]) -> Fixture {
    let recorded = &inputs[..inputs.len().min(MOST_RECORDED_INPUTS)];
    let given: String = recorded.iter().map(line_end).collect();
    let given = Transcript::parse(&given).unwrap_or_else(|_| fixture.transcript.clone());
    let cut = run.interleaving.as_ref().and_then(|record| {
        let next = *record.given.get(recorded.len())?;
        let shown = runner::Interleaving {
            given: record.given[..recorded.len()].to_vec(),
            asked_for_more: None,
        };
        Some(shown.transcript(&given, &run.stdout[..next.min(run.stdout.len())], false))
    });
    let body = cut.unwrap_or_else(|| run.transcript(&given));
    // The case's own transcript (a package case's whole input, read a line an input) is not
    // copied into every result.
    Fixture {
        name: fixture.name.clone(),
        path: fixture.path.clone(),
        exit_status: fixture.exit_status,
        hint: fixture.hint.clone(),
        transcript: Transcript::parse(&body).unwrap_or(given),
        body,
        judge: fixture.judge.clone(),
        unread: false,
    }
}

/// Every case graded, exactly, in the default limits, one answer at a time: how the harness's
/// own tests grade.
#[cfg(test)]
pub(crate) fn every_case() -> Grading<'static> {
    Grading {
        check: &crate::PlainText,
        limits: Limits::default(),
        all: true,
        criterion: Criterion::Exact,
        mode: Mode::Interactive,
    }
}

#[cfg(test)]
mod tests {
    use std::thread;
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_long_conversations_record_keeps_its_beginning() {
        let fixture = kata_model::fixture::input_case(
            std::path::Path::new("long.in"),
            b"settings\n",
            b"",
            None,
        );
        // Each input is answered by a line of the program's.
        let count = MOST_RECORDED_INPUTS + 5;
        let inputs: Vec<Input> = (0..count)
            .map(|n| Input {
                written: n.to_string(),
                prompt: Vec::new(),
                bytes: format!("{n}\n").into_bytes(),
                ends_input: false,
            })
            .collect();
        let mut stdout = Vec::new();
        let mut given = Vec::new();
        for n in 0..count {
            given.push(stdout.len());
            stdout.extend_from_slice(format!("got {n}\n").as_bytes());
        }
        let run = Run {
            outcome: Outcome::Exited(0),
            stdout,
            stderr: Vec::new(),
            duration: Duration::ZERO,
            cpu_time: None,
            joined: false,
            interleaving: Some(runner::Interleaving {
                given,
                asked_for_more: None,
            }),
        };
        let played = conversation(&fixture, &run, &inputs);
        assert_eq!(played.transcript.inputs().len(), MOST_RECORDED_INPUTS);
        let last = MOST_RECORDED_INPUTS - 1;
        assert!(
            played.body.starts_with("> 0\ngot 0\n> 1\ngot 1\n"),
            "{}",
            &played.body[..40]
        );
        // It ends with the answer to the last input kept, before the next was given.
        assert!(
            played.body.ends_with(&format!("> {last}\ngot {last}\n")),
            "{}",
            &played.body[played.body.len() - 40..]
        );
        assert_eq!(played.name, "long");
    }
    use crate::meeting::meeting;
    use runner::sandbox::Shared;
    use runner::slots::Slots;

    /// Two gradings of one case each, side by side (two submissions of a class), whose
    /// sandboxes share one slot run one case at a time; given two slots, the two at once.
    #[test]
    fn gradings_that_share_their_slots_run_no_more_cases_at_once_than_the_slots() {
        let how = every_case();
        for (slots, expected) in [(2, "together\n"), (1, "alone\n")] {
            let folder = tempfile::tempdir().expect("a temporary folder");
            let program = meeting(folder.path(), if slots == 1 { 2 } else { 300 });
            let fixtures = [Fixture::of_transcript(expected)];
            let shared = Shared::new(Slots::new(slots));
            let printed: Vec<String> = thread::scope(|scope| {
                let gradings: Vec<_> = (0..2)
                    .map(|_| {
                        scope.spawn(|| {
                            let sandbox = Sandbox::off("not what is tested").sharing(&shared);
                            grade(&program, &fixtures, how, &sandbox).expect("graded")
                        })
                    })
                    .collect();
                gradings
                    .into_iter()
                    .flat_map(|grading| grading.join().expect("no panic"))
                    .map(|result| String::from_utf8_lossy(&result.run.stdout).into_owned())
                    .collect()
            });
            assert_eq!(printed, [expected, expected], "{slots} slots");
        }
    }
}
