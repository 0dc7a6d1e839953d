//! Cases judged by a kata's rules rather than by one transcript: for a program whose right
//! output is a set of runs (a game against a computer that moves at random, say). A case names
//! how its answers are chosen (a strategy of the kata, deciding each answer from the output so
//! far when the program waits: [`Answerer`]), the commands it gives, how many runs it makes, and
//! the check that judges them; the kata's [`Rules`] bring the strategies and the checks.
//!
//! The rules judge a case by writing the transcript a right program would have shown in one of
//! its runs (the program's own choices kept where they are right), and what they found: a rule
//! broken, or the content right. That run is then judged against that transcript as any case is
//! ([`crate::judge()`]), so a rules case has a verdict, feedback and a place in every report like
//! any other; its file is a list of cases:
//!
//! ```toml
//! [[cases]]
//! name = "easy-easy-first-move-is-random"
//! description = "The hint a learner gets when the case fails."
//! commands = ["start easy easy"]   # the answers to give where the program asks for a command
//! answers = "first-empty"          # the strategy of the other answers
//! runs = 20                        # how many times the program is run (1 by default)
//! check = "first-move-varies"      # how the runs are judged together ("legal" by default)
//! ```

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use crate::content::{Comparison, ContentCheck, Finding};
use crate::fixture::Fixture;
use crate::grading::Grading;
use crate::judge::{Judgement, Verdict, judge};
use crate::process::{self, Outcome, Run};
use crate::program::Program;
use crate::results::CaseResult;
use crate::sandbox::Sandbox;
use crate::transcript::{Input, Transcript};
use crate::validator::CaseJudge;

pub use crate::process::Answerer;
pub use crate::rule_cases::{MAX_RUNS, RulesCase, parse};

/// One run of a case: what the program did, and the inputs it was given.
#[derive(Debug)]
pub struct Answered {
    /// The run.
    pub run: Run,
    /// The inputs given, in order; [`Run::interleaving`] says where.
    pub inputs: Vec<Input>,
}

/// What the rules found in a case's runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesJudgement {
    /// Which run is shown (0-based): the first that breaks a rule, else the first.
    pub shown: usize,
    /// The transcript a right program would have shown in that run, given the same answers
    /// where it asked for them, in the transcript format.
    pub expected: String,
    /// The exit status a right program would have ended that run with.
    pub exit_status: i32,
    /// What the run's output is by content: right (and how its presentation differs), or the
    /// first rule it breaks.
    pub finding: Finding,
    /// What the runs showed together, for the feedback: "20 runs: the first move was ...".
    pub summary: Option<String>,
}

/// A kata's rules: its strategies and its checks.
pub trait Rules: Sync {
    /// What the content is, for the learner: "game".
    fn subject(&self) -> &'static str {
        "content"
    }

    /// A fresh strategy for one run of `case`.
    ///
    /// # Errors
    ///
    /// When the kata has no strategy of that name: what it has.
    fn answerer(&self, case: &RulesCase) -> Result<Box<dyn Answerer>, String>;

    /// Whether the kata has the check `case` names.
    ///
    /// # Errors
    ///
    /// When it does not: what it has.
    fn knows_check(&self, case: &RulesCase) -> Result<(), String>;

    /// The judgement of `runs`, the runs of `case` that were made, at least one: every run the
    /// case names, or fewer when [`Rules::decided`] found its outcome sooner.
    fn judge(&self, case: &RulesCase, runs: &[Answered]) -> RulesJudgement;

    /// Whether `runs`, the runs of `case` made so far, already decide its outcome, so that the
    /// runs not yet started are not made: a run that breaks a rule fails the case whatever the
    /// others do. The kata's rules say when; by default, never.
    fn decided(&self, _case: &RulesCase, _runs: &[&Answered]) -> bool {
        false
    }
}

/// A content check that finds what the rules found.
struct Found(&'static str, Finding);

impl ContentCheck for Found {
    fn subject(&self) -> &'static str {
        self.0
    }

    fn compare(&self, _: &Transcript, _: &[u8]) -> Comparison {
        Comparison {
            subject: self.0,
            input_offsets: Vec::new(),
            finding: self.1.clone(),
        }
    }
}

/// The fixture shown in reports for a rules case before it has run (or when it was not run).
#[must_use]
pub fn placeholder(case: &RulesCase) -> Fixture {
    Fixture {
        name: case.name.clone(),
        path: case.path.clone(),
        exit_status: 0,
        hint: Some(case.hint.clone()),
        body: String::new(),
        transcript: Transcript::parse("").expect("the empty transcript reads"),
        judge: CaseJudge::Transcript,
    }
}

/// Runs `program` on each of `cases` (each case's runs as many at once as there are cores), has
/// `rules` judge them, and returns for each case the fixture its shown run was judged against
/// and its result, numbered from `first_number`. Without `how.all`, no case after the first that
/// fails is run.
///
/// # Errors
///
/// The grader's own failure, or a case whose strategy the kata does not have.
pub fn grade(
    program: &Program,
    cases: &[RulesCase],
    rules: &dyn Rules,
    first_number: usize,
    how: Grading<'_>,
    sandbox: &Sandbox,
) -> io::Result<Vec<(Fixture, CaseResult)>> {
    let mut graded = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let mut runs = run_case(program, case, rules, how, sandbox)?;
        let found = rules.judge(case, &runs);
        let transcript = Transcript::parse(&found.expected).map_err(|error| {
            io::Error::other(format!(
                "the rules wrote a transcript that does not read back, {error}"
            ))
        })?;
        let hint = match &found.summary {
            Some(summary) => format!("{} ({summary})", case.hint),
            None => case.hint.clone(),
        };
        let fixture = Fixture {
            name: case.name.clone(),
            path: case.path.clone(),
            exit_status: found.exit_status,
            hint: Some(hint),
            body: found.expected.clone(),
            transcript,
            judge: CaseJudge::Transcript,
        };
        let shown = found.shown.min(runs.len() - 1);
        let run = runs.swap_remove(shown).run;
        let broken = !matches!(found.finding, Finding::Same(_));
        let check = Found(rules.subject(), found.finding);
        let mut judgement = judge(&fixture, &run, how.limits, &check);
        // A rule broken over many runs may be broken by a run whose text is the one a right
        // program would show: the judge, which trusts exact text, is overruled.
        if broken && judgement.verdict.content_passed() {
            judgement = Judgement {
                verdict: Verdict::WrongAnswer,
                content: check.compare(&fixture.transcript, &run.stdout),
                content_passed: false,
                judge_message: None,
                score: None,
            };
        }
        let result = CaseResult {
            number: first_number + index,
            judgement,
            run,
            played: None,
            command: program.words(),
        };
        let failed = !result.passed(how.criterion);
        graded.push((fixture, result));
        if failed && !how.all {
            break;
        }
    }
    Ok(graded)
}

/// Every run of `case`, in order.
fn run_case(
    program: &Program,
    case: &RulesCase,
    rules: &dyn Rules,
    how: Grading<'_>,
    sandbox: &Sandbox,
) -> io::Result<Vec<Answered>> {
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(case.runs);
    let next = Mutex::new(0);
    // A run that did not even end by itself (out of time, killed, not started) says enough:
    // the runs after it are not started, so that a program that hangs costs one time limit,
    // not one a run.
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<io::Result<Answered>>>> =
        Mutex::new((0..case.runs).map(|_| None).collect());
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = {
                        let mut next = lock(&next);
                        let index = *next;
                        *next += 1;
                        index
                    };
                    if index >= case.runs || stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let answered = rules
                        .answerer(case)
                        .map_err(io::Error::other)
                        .and_then(|mut answerer| {
                            process::run_answering(program, answerer.as_mut(), how.limits, sandbox)
                        })
                        .map(|(run, inputs)| Answered { run, inputs });
                    let failed = answered.is_err();
                    if answered
                        .as_ref()
                        .is_ok_and(|answered| !matches!(answered.run.outcome, Outcome::Exited(_)))
                    {
                        stop.store(true, Ordering::SeqCst);
                    }
                    let mut results = lock(&results);
                    results[index] = Some(answered);
                    // The runs made so far, in order, may already decide the case.
                    let made: Vec<&Answered> = results
                        .iter()
                        .filter_map(|result| result.as_ref()?.as_ref().ok())
                        .collect();
                    if rules.decided(case, &made) {
                        stop.store(true, Ordering::SeqCst);
                    }
                    drop(results);
                    if failed {
                        return;
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::sync::atomic::AtomicUsize;

    use super::*;
    use crate::process::Limits;
    use crate::{Criterion, Mode, PlainText};

    /// Rules that count the runs they are asked to judge, and call a case decided after
    /// `decided_after` runs.
    struct Counting {
        decided_after: usize,
        judged: AtomicUsize,
    }

    struct Silent;

    impl Answerer for Silent {
        fn answer(&mut self, _: &[u8]) -> Option<String> {
            None
        }
    }

    impl Rules for Counting {
        fn answerer(&self, _: &RulesCase) -> Result<Box<dyn Answerer>, String> {
            Ok(Box::new(Silent))
        }

        fn knows_check(&self, _: &RulesCase) -> Result<(), String> {
            Ok(())
        }

        fn judge(&self, _: &RulesCase, runs: &[Answered]) -> RulesJudgement {
            self.judged.store(runs.len(), Ordering::SeqCst);
            RulesJudgement {
                shown: 0,
                expected: "hi\n".to_owned(),
                exit_status: 0,
                finding: Finding::Same(Vec::new()),
                summary: None,
            }
        }

        fn decided(&self, _: &RulesCase, runs: &[&Answered]) -> bool {
            runs.len() >= self.decided_after
        }
    }

    /// A case of twenty runs whose outcome the rules find decided after two makes no more runs
    /// than the two, and those the other workers had already started.
    #[test]
    fn the_runs_of_a_case_stop_once_its_rules_find_it_decided() {
        let case = RulesCase {
            name: "case".to_owned(),
            path: PathBuf::from("rules.toml"),
            hint: "says hi".to_owned(),
            commands: Vec::new(),
            answers: "none".to_owned(),
            runs: 20,
            check: "decided-early".to_owned(),
        };
        let program = Program::command(vec!["echo".into(), "hi".into()]);
        let how = Grading {
            check: &PlainText,
            limits: Limits::default(),
            all: true,
            criterion: Criterion::Exact,
            mode: Mode::Interactive,
        };
        let workers = thread::available_parallelism().map_or(1, usize::from);
        for (decided_after, most) in [(2, 1 + workers), (usize::MAX, 20)] {
            let rules = Counting {
                decided_after,
                judged: AtomicUsize::new(0),
            };
            grade(
                &program,
                std::slice::from_ref(&case),
                &rules,
                1,
                how,
                &Sandbox::off("not what is tested"),
            )
            .expect("graded");
            let judged = rules.judged.load(Ordering::SeqCst);
            assert!(
                (decided_after.min(20)..=most).contains(&judged),
                "{judged} runs, decided after {decided_after}"
            );
        }
    }
}
