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
use std::thread;

use crate::content::{Comparison, ContentCheck, Finding};
use crate::grading::Grading;
use crate::judge::{Judgement, Verdict, judge};
use crate::results::CaseResult;
use crate::runs;
use kata_model::case_judge::CaseJudge;
use kata_model::fixture::Fixture;
use kata_model::transcript::{Input, Transcript};
use runner::lock;
use runner::process::{self, Outcome, Run};
use runner::program::Program;
use runner::sandbox::Sandbox;

pub use kata_model::rule_cases::{MAX_RUNS, RulesCase, parse};
pub use runner::process::Answerer;

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
        unread: false,
    }
}

/// Runs `program` on each of `cases`, the runs of every case as many at once as `sandbox` has
/// slots free (a case's runs and the next case's beside them, as fixture cases are), has `rules`
/// judge each case once its runs are made, and returns for each case the fixture its shown run
/// was judged against and its result, numbered from `first_number`. Without `how.all`, no case
/// after the first that fails is reported, and the runs of cases after it not yet started are
/// not made.
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
    let schedule = Schedule::new(cases, how.all);
    let runs: usize = cases.iter().map(|case| case.runs).sum();
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(runs.max(1));
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| schedule.work(program, rules, first_number, how, sandbox));
        }
    });
    schedule.finish()
}

/// The runs of a stage's rules cases, handed out in order (each case's runs, then the next
/// case's) to the workers, and what they made.
struct Schedule<'a> {
    cases: &'a [RulesCase],
    all: bool,
    state: Mutex<State>,
}

/// What the workers share.
struct State {
    /// The next run to start: its case and its number in the case.
    next: (usize, usize),
    /// Each case's runs so far, and its result once judged.
    cases: Vec<CaseRuns>,
    /// The first case (by index) that failed, or `usize::MAX`.
    first_failure: usize,
    /// The grader's own failure, which stops every worker: no verdict can be trusted after it.
    own_failure: Option<io::Error>,
}

/// One case's runs.
#[derive(Default)]
struct CaseRuns {
    /// Each run, once made, in the order started.
    runs: Vec<Option<Answered>>,
    started: usize,
    finished: usize,
    /// Whether the runs not yet started are not to be made: the outcome is decided, or a run
    /// did not even end by itself (out of time, killed), which says enough, so that a program
    /// that hangs costs one time limit, not one a run.
    stopped: bool,
    /// The case judged: its fixture and its result.
    graded: Option<(Fixture, CaseResult)>,
}

impl<'a> Schedule<'a> {
    fn new(cases: &'a [RulesCase], all: bool) -> Schedule<'a> {
        let state = State {
            next: (0, 0),
            cases: cases
                .iter()
                .map(|case| CaseRuns {
                    runs: (0..case.runs).map(|_| None).collect(),
                    ..CaseRuns::default()
                })
                .collect(),
            first_failure: usize::MAX,
            own_failure: None,
        };
        Schedule {
            cases,
            all,
            state: Mutex::new(state),
        }
    }

    /// One worker: makes runs until none is left to make, and judges each case whose last run
    /// it made.
    fn work(
        &self,
        program: &Program,
        rules: &dyn Rules,
        first_number: usize,
        how: Grading<'_>,
        sandbox: &Sandbox,
    ) {
        loop {
            let _slot = sandbox.slots().take();
            let Some((index, run)) = self.take_next() else {
                return;
            };
            let case = &self.cases[index];
            let answered = rules
                .answerer(case)
                .map_err(io::Error::other)
                .and_then(|mut answerer| {
                    process::run_answering(program, answerer.as_mut(), how.limits, sandbox)
                })
                .map(|(run, inputs)| Answered {
                    run,
                    inputs: runs::given(inputs),
                });
            let Some(runs) = self.made(index, run, answered, rules) else {
                continue;
            };
            let graded = judged(program, case, runs, rules, first_number + index, how);
            let mut state = lock(&self.state);
            match graded {
                Ok(graded) => {
                    if !graded.1.passed(how.criterion) {
                        state.first_failure = state.first_failure.min(index);
                    }
                    state.cases[index].graded = Some(graded);
                }
                Err(error) => {
                    state.own_failure.get_or_insert(error);
                }
            }
        }
    }

    /// The next run to make, if any: none after the grader's own failure, and, without
    /// [`Schedule::all`], none of a case after one that failed.
    fn take_next(&self) -> Option<(usize, usize)> {
        let mut state = lock(&self.state);
        let State {
            next,
            cases,
            first_failure,
            own_failure,
        } = &mut *state;
        while next.0 < self.cases.len() {
            if own_failure.is_some() || (!self.all && next.0 > *first_failure) {
                return None;
            }
            let case = &mut cases[next.0];
            if case.stopped || next.1 >= self.cases[next.0].runs {
                *next = (next.0 + 1, 0);
                continue;
            }
            let taken = *next;
            next.1 += 1;
            case.started += 1;
            return Some(taken);
        }
        None
    }

    /// Records run `run` of case `index`; returns the case's runs, in order, when it was the
    /// last of them to end (every run made, or the case stopped and its started runs ended).
    fn made(
        &self,
        index: usize,
        run: usize,
        answered: io::Result<Answered>,
        rules: &dyn Rules,
    ) -> Option<Vec<Answered>> {
        let case = &self.cases[index];
        let mut state = lock(&self.state);
        let answered = match answered {
            Ok(answered) => answered,
            Err(error) => {
                state.own_failure.get_or_insert(error);
                return None;
            }
        };
        let runs = &mut state.cases[index];
        runs.finished += 1;
        if !matches!(answered.run.outcome, Outcome::Exited(_)) {
            runs.stopped = true;
        }
        runs.runs[run] = Some(answered);
        // The runs made so far, in order, may already decide the case.
        let made: Vec<&Answered> = runs.runs.iter().flatten().collect();
        if rules.decided(case, &made) {
            runs.stopped = true;
        }
        let last = runs.finished == runs.started && (runs.stopped || runs.started == case.runs);
        last.then(|| runs.runs.iter_mut().filter_map(Option::take).collect())
    }

    /// Each case judged, in order: every case with [`Schedule::all`], else those up to the
    /// first that failed.
    fn finish(self) -> io::Result<Vec<(Fixture, CaseResult)>> {
        let state = self
            .state
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(error) = state.own_failure {
            return Err(error);
        }
        let reported = if self.all {
            self.cases.len()
        } else {
            state.first_failure.saturating_add(1)
        };
        Ok(state
            .cases
            .into_iter()
            .take(reported)
            .map_while(|case| case.graded)
            .collect())
    }
}

/// `case` judged by `rules` from `runs`, its runs made (at least one), as case `number`: the
/// fixture its shown run is judged against, and the result.
fn judged(
    program: &Program,
    case: &RulesCase,
    mut runs: Vec<Answered>,
    rules: &dyn Rules,
    number: usize,
    how: Grading<'_>,
) -> io::Result<(Fixture, CaseResult)> {
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
        unread: false,
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
        number,
        judgement,
        run,
        played: None,
        command: program.words(),
    };
    Ok((fixture, result))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::grading::every_case;
    use crate::meeting::meeting;
    use runner::sandbox::Shared;
    use runner::slots::Slots;

    /// Rules that take every run for right when it printed `expected`, count the runs they are
    /// asked to judge, and call a case decided after `decided_after` runs.
    struct Counting {
        expected: &'static str,
        decided_after: usize,
        judged: AtomicUsize,
    }

    impl Counting {
        fn new(expected: &'static str, decided_after: usize) -> Counting {
            Counting {
                expected,
                decided_after,
                judged: AtomicUsize::new(0),
            }
        }
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
                expected: self.expected.to_owned(),
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
        let how = every_case();
        let workers = thread::available_parallelism().map_or(1, usize::from);
        for (decided_after, most) in [(2, 1 + workers), (usize::MAX, 20)] {
            let rules = Counting::new("hi\n", decided_after);
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

    /// A rules case of one run.
    fn one_run(name: &str) -> RulesCase {
        RulesCase {
            name: name.to_owned(),
            path: PathBuf::from("rules.toml"),
            hint: "meets the other".to_owned(),
            commands: Vec::new(),
            answers: "none".to_owned(),
            runs: 1,
            check: "legal".to_owned(),
        }
    }

    /// What each graded case printed.
    fn printed(graded: &[(Fixture, CaseResult)]) -> Vec<String> {
        graded
            .iter()
            .map(|(_, result)| String::from_utf8_lossy(&result.run.stdout).into_owned())
            .collect()
    }

    /// Two cases of one run each run at the same time where there are two cores.
    #[test]
    fn the_runs_of_different_cases_run_at_the_same_time() {
        if thread::available_parallelism().map_or(1, usize::from) < 2 {
            eprintln!("ignored, skipped: one core runs one case at a time");
            return;
        }
        let folder = tempfile::tempdir().expect("a temporary folder");
        let graded = grade(
            &meeting(folder.path(), 300),
            &[one_run("first"), one_run("second")],
            &Counting::new("together\n", usize::MAX),
            1,
            every_case(),
            &Sandbox::off("not what is tested"),
        )
        .expect("graded");
        assert_eq!(printed(&graded), ["together\n", "together\n"]);
        assert_eq!(graded[1].1.number, 2);
    }

    /// Two gradings side by side (two submissions of a class) whose sandboxes share their
    /// slots run no more cases at once than the slots allow, however many workers each has.
    #[test]
    fn gradings_that_share_their_slots_run_no_more_cases_at_once_than_the_slots() {
        for (slots, expected) in [(2, "together\n"), (1, "alone\n")] {
            let folder = tempfile::tempdir().expect("a temporary folder");
            let program = meeting(folder.path(), if slots == 1 { 2 } else { 300 });
            let shared = Shared::new(Slots::new(slots));
            let rules = Counting::new(expected, usize::MAX);
            let graded: Vec<Vec<String>> = thread::scope(|scope| {
                let gradings: Vec<_> = ["first", "second"]
                    .map(|name| {
                        let (program, rules, shared) = (&program, &rules, &shared);
                        scope.spawn(move || {
                            let sandbox = Sandbox::off("not what is tested").sharing(shared);
                            grade(program, &[one_run(name)], rules, 1, every_case(), &sandbox)
                                .expect("graded")
                        })
                    })
                    .into_iter()
                    .collect();
                gradings
                    .into_iter()
                    .map(|grading| printed(&grading.join().expect("no panic")))
                    .collect()
            });
            assert_eq!(graded, [[expected], [expected]], "{slots} slots");
        }
    }
}
