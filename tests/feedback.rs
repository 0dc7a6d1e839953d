//! The feedback on every fixture of every kata of the workspace, and of the harness's own
//! cases, whose output is mutated (a line dropped, duplicated, changed or swapped with the next,
//! a trailing space added, a prompt's space taken out or doubled, the last newline dropped),
//! given all at once or one answer at a time, the run ended as the case expects or stopped or
//! crashed: no report shows an "Expected" line equal to its
//! "Actual" line, and no caret points past the end of the line it marks.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use harness::feedback::{self, Paint};
use harness::{CaseResult, PlainText, judge};
use kata_model::case_judge::CaseJudge;
use kata_model::fixture::Fixture;
use proptest::prelude::*;
use proptest::sample::Index;
use runner::Interleaving;
use runner::process::{Limits, Outcome, Run, Timeout};
use test_support::Trial;

use crate::katas;

/// A fixture, with the kata it is of (by its index in [`katas::all`]) and its stage; `None` for
/// the harness's own cases, read as plain text.
type Case = (Option<(usize, u8)>, Fixture);

/// Every fixture judged by its transcript, of every kata and of the harness's own tests, read
/// once.
fn all_cases() -> Arc<Vec<Case>> {
    static CASES: OnceLock<Arc<Vec<Case>>> = OnceLock::new();
    Arc::clone(CASES.get_or_init(|| {
        let katas = katas::all().as_ref().expect("the katas are readable");
        let mut cases: Vec<Case> = katas
            .iter()
            .enumerate()
            .flat_map(|(index, kata)| {
                kata.stages.iter().flat_map(move |stage| {
                    kata.fixtures(stage.number)
                        .expect("the fixtures are readable")
                        .into_iter()
                        .map(move |fixture| (Some((index, stage.number)), fixture))
                })
            })
            .collect();
        let own = katas::workspace().join("crates/harness/tests/fixtures");
        let mut paths: Vec<_> = std::fs::read_dir(&own)
            .expect("the harness's own cases are readable")
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "snap"))
            .collect();
        paths.sort();
        cases.extend(paths.iter().map(|path| {
            let fixture = kata_model::fixture::load(path).unwrap_or_else(|error| panic!("{error}"));
            (None, fixture)
        }));
        cases.retain(|(_, fixture)| matches!(fixture.judge, CaseJudge::Transcript));
        Arc::new(cases)
    }))
}

pub(crate) fn trials() -> Vec<Trial> {
    vec![test_support::test(
        "feedback::no_report_on_a_mutated_fixture_shows_a_difference_that_is_none",
        no_report_shows_a_false_difference,
    )]
}

/// A change to an output: `removed` bytes at `at` replaced by `inserted`.
#[derive(Clone, Debug)]
struct Mutation {
    at: usize,
    removed: usize,
    inserted: Vec<u8>,
}

impl Mutation {
    fn apply(&self, output: &[u8]) -> Vec<u8> {
        [
            &output[..self.at],
            &self.inserted[..],
            &output[self.at + self.removed..],
        ]
        .concat()
    }

    /// Where an offset of the output stands once it is changed.
    fn moved(&self, offset: usize) -> usize {
        if offset <= self.at {
            offset
        } else if offset >= self.at + self.removed {
            offset - self.removed + self.inserted.len()
        } else {
            self.at + self.inserted.len()
        }
    }
}

/// The ways to change an output, by what they do to line `line` (or input `line`) of it.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Drop,
    Duplicate,
    Change,
    SwapWithNext,
    TrailingSpace,
    PromptWithoutSpace,
    PromptWithMoreSpace,
    NoLastNewline,
}

/// `kind` made a mutation of `output`, whose inputs are given at `offsets`, at the line or
/// input `index` picks; `None` where it does not apply.
fn mutation(output: &[u8], offsets: &[usize], kind: Kind, index: Index) -> Option<Mutation> {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            output
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .map(|(at, _)| at + 1),
        )
        .filter(|&at| at < output.len())
        .collect();
    let line = |number: usize| {
        let start = starts[number];
        let end = starts.get(number + 1).copied().unwrap_or(output.len());
        (start, end)
    };
    let pick = |count: usize| (count > 0).then(|| index.index(count));
    Some(match kind {
        Kind::Drop => {
            let (start, end) = line(pick(starts.len())?);
            Mutation {
                at: start,
                removed: end - start,
                inserted: Vec::new(),
            }
        }
        Kind::Duplicate => {
            let (start, end) = line(pick(starts.len())?);
            Mutation {
                at: start,
                removed: 0,
                inserted: output[start..end].to_vec(),
            }
        }
        Kind::Change => {
            let (start, end) = line(pick(starts.len())?);
            Mutation {
                at: start,
                removed: 0,
                inserted: if end > start {
                    b"Z".to_vec()
                } else {
                    b"Z\n".to_vec()
                },
            }
        }
        Kind::SwapWithNext => {
            let number = pick(starts.len().checked_sub(1)?)?;
            let (start, middle) = line(number);
            let (_, end) = line(number + 1);
            Mutation {
                at: start,
                removed: end - start,
                inserted: [&output[middle..end], &output[start..middle]].concat(),
            }
        }
        Kind::TrailingSpace => {
            let (_, end) = line(pick(starts.len())?);
            let at = if output[..end].ends_with(b"\n") {
                end - 1
            } else {
                end
            };
            Mutation {
                at,
                removed: 0,
                inserted: b" ".to_vec(),
            }
        }
        Kind::PromptWithoutSpace => {
            let at = offsets[pick(offsets.len())?];
            (at > 0 && output[at - 1] == b' ').then(|| Mutation {
                at: at - 1,
                removed: 1,
                inserted: Vec::new(),
            })?
        }
        Kind::PromptWithMoreSpace => Mutation {
            at: offsets[pick(offsets.len())?],
            removed: 0,
            inserted: b" ".to_vec(),
        },
        Kind::NoLastNewline => (output.ends_with(b"\n")).then(|| Mutation {
            at: output.len() - 1,
            removed: 1,
            inserted: Vec::new(),
        })?,
    })
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Drop),
        Just(Kind::Duplicate),
        Just(Kind::Change),
        Just(Kind::SwapWithNext),
        Just(Kind::TrailingSpace),
        Just(Kind::PromptWithoutSpace),
        Just(Kind::PromptWithMoreSpace),
        Just(Kind::NoLastNewline),
    ]
}

/// How a run ended, by `ending`: as the case expects (`None`) most often, else stopped for its
/// time, killed by a signal or exited with a status of its own.
fn outcome(ending: u8) -> Option<Outcome> {
    match ending {
        0 => Some(Outcome::TimedOut(Timeout::Cpu)),
        1 => Some(Outcome::Signaled(11)),
        2 => Some(Outcome::Exited(3)),
        _ => None,
    }
}

/// The report on case `case` of [`all_cases`] run with `stdout`, its inputs given where
/// `given` says (all at once for `None`), having ended as `outcome` says (as the case expects
/// for `None`).
fn report(
    case: &Case,
    stdout: Vec<u8>,
    given: Option<Vec<usize>>,
    outcome: Option<Outcome>,
) -> String {
    let (kata, fixture) = case;
    let check: Box<dyn harness::content::ContentCheck> = match kata {
        Some((index, stage)) => {
            let katas = katas::all().as_ref().expect("the katas are readable");
            grade::katas::content_check(&katas[*index], *stage)
                .unwrap_or_else(|error| panic!("{error}"))
        }
        None => Box::new(PlainText),
    };
    let run = Run {
        outcome: outcome.unwrap_or(Outcome::Exited(fixture.exit_status)),
        stdout,
        stderr: Vec::new(),
        duration: Duration::ZERO,
        cpu_time: None,
        joined: false,
        interleaving: given.map(|given| Interleaving {
            given,
            asked_for_more: None,
        }),
    };
    let judgement = judge(fixture, &run, Limits::default(), check.as_ref());
    let result = CaseResult {
        number: 1,
        judgement,
        run,
        played: None,
        command: Vec::new(),
    };
    feedback::report(&result, fixture, Paint::default())
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 512,
        // A change that does not apply to the case drawn (a prompt's space where it has none)
        // is drawn again.
        max_global_rejects: 4 * 512,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    fn no_report_shows_a_false_difference(
        case in any::<Index>(),
        kind in kind(),
        place in any::<Index>(),
        one_at_a_time in any::<bool>(),
        ending in 0..7_u8,
    ) {
        let cases = all_cases();
        let case = &cases[case.index(cases.len())];
        let fixture = &case.1;
        let expected = fixture.transcript.stdout();
        let offsets = fixture.transcript.input_offsets();
        let mutation = mutation(&expected, &offsets, kind, place);
        prop_assume!(mutation.is_some());
        let mutation = mutation.expect("assumed");
        let stdout = mutation.apply(&expected);
        // Given one answer at a time, each where its place moved to.
        let given = one_at_a_time.then(|| offsets.iter().map(|&at| mutation.moved(at)).collect());
        let report = report(case, stdout, given, outcome(ending));
        if let Some(fault) = test_support::false_difference(&report) {
            return Err(TestCaseError::fail(format!(
                "{fault} in the report on {} changed by {mutation:?}:\n{report}",
                fixture.path.display()
            )));
        }
    }
}
