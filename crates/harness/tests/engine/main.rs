//! The harness tested on its own: its engine runs its own fake program
//! (`tests/fake-program/`, built by cargo with these tests) on fixtures of its own
//! (`tests/fixtures/`), with no kata and no other language, a module per concern:
//!
//! - [`driving`]: one answer at a time, each given when the program waits, and the whole input
//!   at once;
//! - [`verdicts`]: every verdict a run can get, through the plain-text content check;
//! - [`limits`]: deadlines, the output cap, and nothing left running;
//! - [`sandbox`]: what a case may read, and the folder it runs in;
//! - [`grading`]: a stage's cases in parallel, stopping at the first failure;
//! - [`judges`]: cases judged by a program of the kata, a checker or an interactor;
//! - [`feedback`]: the report on a failed case, which names the first real difference.

mod driving;
mod feedback;
mod grading;
mod judges;
mod limits;
mod sandbox;
mod verdicts;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use harness::{Judgement, Limits, Mode, PlainText, Program, Run, Verdict, judge};
use kata_model::Fixture;
use runner::process;
use runner::sandbox::Sandbox;

fn main() -> ExitCode {
    // The trials that take longest start first, so that the short ones fill in beside them.
    let mut trials = limits::trials();
    trials.extend(feedback::trials());
    trials.extend(judges::trials());
    trials.extend(driving::trials());
    trials.extend(verdicts::trials());
    trials.extend(sandbox::trials());
    trials.extend(grading::trials());
    // Most trials wait for the fake program, not for a core.
    test_support::run_with(test_support::thorough(trials, THOROUGH), 2)
}

/// The trials that take a twentieth of a second or more of a core, or wait on the clock:
/// `scripts/thorough-tests` runs them, every `cargo test` does not.
const THOROUGH: &[&str] = &[
    "limits::a_program_that_sleeps_is_stopped_on_the_clock",
    "limits::past_the_cap_a_packages_program_runs_on_to_its_end_or_its_time_limit",
    "limits::the_cpu_time_of_a_process_it_started_counts_in_proc",
    "limits::the_cpu_time_of_a_process_it_started_counts_in_its_control_group",
    "limits::a_program_past_its_deadline_is_killed_and_timed_out",
    "judges::an_interactor_that_floods_a_program_is_stopped",
    "judges::a_checker_that_hangs_is_stopped_at_its_deadline",
    "feedback::a_program_that_timed_out_before_reading_is_shown_no_input",
    "feedback::output_kept_back_in_a_buffer_when_stopped_is_explained",
];

/// The time limit of a case in these tests: far more than any of them needs.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The fake program with `steps` as its script.
fn fake(steps: &[&str]) -> Program {
    let mut argv = vec![env!("CARGO_BIN_EXE_harness-fake-program").into()];
    argv.extend(steps.iter().map(Into::into));
    Program::command(argv)
}

/// The fixture `name` of these tests, read as the grader reads any.
fn fixture(name: &str) -> Fixture {
    let path = fixtures_dir().join(format!("{name}.snap"));
    kata_model::fixture::load(&path).unwrap_or_else(|error| panic!("{error}"))
}

fn fixtures_dir() -> PathBuf {
    test_support::manifest_dir().join("tests/fixtures")
}

fn limits() -> Limits {
    Limits {
        timeout: TIME_LIMIT,
        ..Limits::default()
    }
}

/// `program` run on `fixture`'s inputs in `mode`, unsandboxed, within [`limits`].
fn run_in(program: &Program, fixture: &Fixture, mode: Mode, limits: Limits) -> Run {
    let sandbox = Sandbox::off("the harness's own tests run their own program");
    process::run(
        program,
        &harness::runs::Given(fixture.transcript.inputs()),
        mode,
        limits,
        &sandbox,
    )
    .unwrap_or_else(|error| panic!("the grader's own failure: {error}"))
}

/// `program` run on `fixture` one answer at a time (where this system shows when a program
/// waits), and judged by plain text.
fn judged(program: &Program, fixture: &Fixture) -> (Judgement, Run) {
    let run = run_in(program, fixture, Mode::best(), limits());
    (judge(fixture, &run, limits(), &PlainText), run)
}

/// The verdict of `steps` on the fixture `name`.
#[track_caller]
fn verdict_of(steps: &[&str], name: &str) -> Verdict {
    judged(&fake(steps), &fixture(name)).0.verdict
}

/// Whether this system shows when a program waits for input; tests of one answer at a time
/// are skipped, with this reason, where it does not.
fn interactive() -> Result<Mode, String> {
    Mode::interactive().map_err(|why| format!("one answer at a time is not offered here: {why}"))
}
