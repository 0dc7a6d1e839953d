//! Cases judged by a program of the kata: a checker after the run, an interactor beside it, each
//! with the output validator interface, through the harness's fake judge
//! (`tests/fake-judge/`): every decision, the feedback files, a judge that breaks, hangs or
//! floods, and a program that stops reading.

use std::sync::Arc;
use std::time::{Duration, Instant};

use harness::feedback::{self, Paint};
use harness::runs;
use harness::{CaseResult, Criterion, Grading, Mode, PlainText, Program, Verdict, grade};
use kata_model::Fixture;
use kata_model::case_judge::{CaseJudge, JudgeProgram};
use runner::process::{Limits, Outcome};
use runner::sandbox::Sandbox;
use test_support::Trial;

use crate::{fake, fixture, fixtures_dir, interactive, limits};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("judges":
        a_checker_that_accepts_passes_the_case,
        a_checker_is_given_the_input_the_answer_and_the_output,
        a_rejection_tells_the_learner_the_checkers_message_and_the_instructor_its_own,
        a_score_is_the_fraction_of_the_points,
        a_checker_of_another_status_is_a_judge_error_never_a_wrong_answer,
        a_checker_that_crashes_is_a_judge_error,
        a_checker_that_hangs_is_stopped_at_its_deadline,
        a_checker_that_cannot_start_is_a_judge_error,
        a_run_that_times_out_is_not_checked,
        an_interactor_gives_the_program_its_input_and_the_conversation_is_the_transcript,
        an_interactors_lines_are_given_one_at_a_time,
        an_interactors_rejection_is_a_wrong_answer,
        a_program_whose_prompt_is_not_flushed_waits_with_the_interactor,
        an_interactor_waiting_in_poll_is_seen_waiting,
        a_program_that_floods_after_waiting_with_the_interactor_waited_with_it,
        an_interactor_that_floods_a_program_is_stopped,
        a_program_that_floods_an_interactor_that_stopped_reading_is_too_much_output,
        an_interactor_case_is_played_until_a_run_fails,
        a_rejection_before_the_program_ended_comes_before_what_it_did_after,
        a_program_is_stopped_once_its_interactor_rejected_it_and_ended,
        a_validator_joined_by_pipes_passes_a_right_program,
        a_joined_programs_crash_comes_before_what_its_validator_then_decided,
        a_joined_program_writing_on_after_its_rejection_is_rejected_and_stopped,
        a_joined_program_and_validator_waiting_for_each_other_are_stopped,
        a_joined_programs_wait_for_its_validator_is_not_its_own_time,
        a_joined_validators_rejection_comes_before_the_end_of_the_programs_input,
        a_joined_validator_that_closes_its_output_ends_the_programs_input,
    )
}

/// The fake judge doing `step`, with `timeout` as its deadline.
fn judge_doing(step: &[&str], timeout: Duration) -> Arc<JudgeProgram> {
    Arc::new(JudgeProgram {
        program: runs::command(&Program::command(vec![
            env!("CARGO_BIN_EXE_harness-fake-judge").into(),
        ])),
        args: step.iter().map(|&arg| arg.to_owned()).collect(),
        timeout,
    })
}

fn checker(step: &[&str]) -> CaseJudge {
    CaseJudge::Checker(judge_doing(step, Duration::from_secs(10)))
}

fn interactor(step: &[&str], runs: usize) -> CaseJudge {
    CaseJudge::Interactor {
        judge: judge_doing(step, Duration::from_millis(300)),
        runs,
        joined: false,
    }
}

/// A problem package's validator doing `step`, joined to the program by pipes.
fn joined(step: &[&str]) -> CaseJudge {
    CaseJudge::Interactor {
        judge: judge_doing(step, Duration::from_secs(5)),
        runs: 1,
        joined: true,
    }
}

/// The case `name` of these tests, judged by `judge`.
fn case(name: &str, judge: CaseJudge) -> Fixture {
    let mut fixture = if name.ends_with(".in") {
        kata_model::fixture::load_input_case(&fixtures_dir().join(name))
            .unwrap_or_else(|error| panic!("{error}"))
    } else {
        fixture(name)
    };
    fixture.judge = judge;
    fixture
}

/// `steps`, the fake program, graded on `case`.
fn graded(steps: &[&str], case: &Fixture) -> CaseResult {
    graded_within(steps, case, limits())
}

/// `steps`, the fake program, graded on `case` within `limits`.
fn graded_within(steps: &[&str], case: &Fixture, limits: Limits) -> CaseResult {
    let how = Grading {
        check: &PlainText,
        limits,
        all: true,
        criterion: Criterion::Exact,
        mode: Mode::best(),
    };
    let sandbox = Sandbox::off("the harness's own tests run their own program");
    grade(&fake(steps), std::slice::from_ref(case), how, &sandbox)
        .expect("graded")
        .pop()
        .expect("one result")
}

/// The greeter the fixture `greeting` expects.
const GREETER: &[&str] = &["say", "Name: ", "ask", "echo"];

fn a_checker_that_accepts_passes_the_case() {
    // The output is not the fixture's: the checker decides, not the transcript.
    let result = graded(
        &["say", "Who? ", "ask", "say", "hi\\n"],
        &case("greeting", checker(&["accept"])),
    );
    assert_eq!(result.judgement.verdict, Verdict::Passed);
    assert_eq!(result.judgement.judge_message, None);
}

fn a_checker_is_given_the_input_the_answer_and_the_output() {
    let case = case("greeting", checker(&["same-input", "Ann\\n"]));
    assert_eq!(graded(GREETER, &case).judgement.verdict, Verdict::Passed);
    let wrong = graded(&["say", "Name: ", "ask", "say", "hi\\n"], &case);
    assert_eq!(
        wrong.judgement.verdict,
        Verdict::Rejected(
            "the output \"Name: hi\\n\" is not the answer \"Name: got Ann\\n\"".to_owned()
        )
    );
}

fn a_rejection_tells_the_learner_the_checkers_message_and_the_instructor_its_own() {
    let case = case("greeting", checker(&["reject", "line 2 should greet Ann"]));
    let result = graded(GREETER, &case);
    assert_eq!(
        result.judgement.verdict,
        Verdict::Rejected("line 2 should greet Ann".to_owned())
    );
    assert_eq!(result.verdict().title(), "Wrong answer");
    assert_eq!(
        result.judgement.judge_message.as_deref(),
        Some("judge: line 2 should greet Ann")
    );
    let report = feedback::report(&result, &case, Paint::default());
    assert_eq!(
        report,
        "Wrong answer in test #1 (greeting)\nline 2 should greet Ann\n\nThe run (`> ` marks the \
         input given):\n  Name: > Ann\n  got Ann\n"
    );
}

fn a_score_is_the_fraction_of_the_points() {
    let result = graded(GREETER, &case("greeting", checker(&["score", "0.25"])));
    assert_eq!(result.judgement.verdict, Verdict::Passed);
    assert_eq!(result.judgement.score, Some(0.25));
    let out_of_range = graded(GREETER, &case("greeting", checker(&["score", "7"])));
    let Verdict::JudgeError(why) = &out_of_range.judgement.verdict else {
        panic!("{:?}", out_of_range.judgement.verdict);
    };
    assert!(why.contains("`7` in score.txt"), "{why}");
}

fn a_checker_of_another_status_is_a_judge_error_never_a_wrong_answer() {
    let result = graded(GREETER, &case("greeting", checker(&["status", "3"])));
    let Verdict::JudgeError(why) = &result.judgement.verdict else {
        panic!("{:?}", result.judgement.verdict);
    };
    assert!(why.contains("exited with status 3"), "{why}");
    assert_eq!(result.verdict().title(), "Judge error");
    // The instructor sees why and what the judge wrote; the learner is told it is not theirs.
    let message = result.judgement.judge_message.clone().unwrap_or_default();
    assert!(message.contains("exited with status 3"), "{message}");
    assert!(message.contains("broken judge"), "{message}");
    let learner = result.judgement.verdict.to_string();
    assert!(learner.contains("no fault of the program's"), "{learner}");
    assert!(!learner.contains("broken judge"), "{learner}");
}

fn a_checker_that_crashes_is_a_judge_error() {
    let result = graded(GREETER, &case("greeting", checker(&["crash"])));
    let Verdict::JudgeError(why) = &result.judgement.verdict else {
        panic!("{:?}", result.judgement.verdict);
    };
    assert!(why.contains("killed by signal 6"), "{why}");
}

fn a_checker_that_hangs_is_stopped_at_its_deadline() {
    let hanging = CaseJudge::Checker(judge_doing(&["hang"], Duration::from_millis(100)));
    let started = Instant::now();
    let result = graded(GREETER, &case("greeting", hanging));
    let Verdict::JudgeError(why) = &result.judgement.verdict else {
        panic!("{:?}", result.judgement.verdict);
    };
    assert!(why.contains("did not decide within its 0.1 s"), "{why}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

fn a_checker_that_cannot_start_is_a_judge_error() {
    let missing = CaseJudge::Checker(Arc::new(JudgeProgram {
        program: runs::command(&Program::command(vec!["/nonexistent/checker".into()])),
        args: Vec::new(),
        timeout: Duration::from_secs(1),
    }));
    let Verdict::JudgeError(why) = graded(GREETER, &case("greeting", missing))
        .judgement
        .verdict
    else {
        panic!("not a judge error");
    };
    assert!(
        why.starts_with("the kata's checker `/nonexistent/checker` could not be started"),
        "{why}"
    );
}

fn a_run_that_times_out_is_not_checked() {
    let case = case("greeting", checker(&["status", "3"]));
    let how = Grading {
        check: &PlainText,
        limits: harness::Limits {
            timeout: Duration::from_millis(50),
            ..limits()
        },
        all: true,
        criterion: Criterion::Exact,
        mode: Mode::WholeInput,
    };
    let sandbox = Sandbox::off("the harness's own tests run their own program");
    let results = grade(&fake(&["spin"]), &[case], how, &sandbox).expect("graded");
    assert!(matches!(results[0].judgement.verdict, Verdict::TimedOut(_)));
    assert_eq!(results[0].judgement.judge_message, None);
}

fn an_interactor_gives_the_program_its_input_and_the_conversation_is_the_transcript() {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return;
    }
    let case = case("hello-conversation.in", interactor(&["echo-check"], 1));
    let result = graded(&["ask", "echo", "say", "bye\\n"], &case);
    assert_eq!(result.judgement.verdict, Verdict::Passed);
    let played = result.played.as_deref().expect("the conversation");
    assert_eq!(played.body, "> hello\ngot hello\nbye\n");
    assert_eq!(
        played.hint.as_deref(),
        Some("The program answers the greeting it is sent.")
    );
}

fn an_interactors_lines_are_given_one_at_a_time() {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return;
    }
    let case = case("hello-conversation.in", interactor(&["two-then-check"], 1));
    let result = graded(&["ask", "echo", "ask", "echo"], &case);
    assert_eq!(result.judgement.verdict, Verdict::Passed);
    let record = result.run.interleaving.expect("one answer at a time");
    // The second line was given when the program waited again, after its first answer.
    assert_eq!(record.given, [0, 6]);
}

fn an_interactors_rejection_is_a_wrong_answer() {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return;
    }
    let case = case("hello-conversation.in", interactor(&["echo-check"], 1));
    let result = graded(&["ask", "say", "bye\\n"], &case);
    assert_eq!(
        result.judgement.verdict,
        Verdict::Rejected("the program answered `bye`, not `got hello`".to_owned())
    );
    let played = result.played.as_deref().expect("the conversation");
    let report = feedback::report(&result, played, Paint::default());
    assert!(report.contains("  > hello\n  bye\n"), "{report}");
}

/// `program` graded beside an interactor doing `behaviour`, which waits for the program's
/// question, and how long the grading took; `None`, said, where a program's waiting cannot be
/// seen here.
fn beside_a_waiting_interactor(
    behaviour: &str,
    program: &[&str],
) -> Option<(CaseResult, Duration)> {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return None;
    }
    let case = case("hello-conversation.in", interactor(&[behaviour], 1));
    let started = Instant::now();
    let result = graded(program, &case);
    Some((result, started.elapsed()))
}

fn a_program_whose_prompt_is_not_flushed_waits_with_the_interactor() {
    // The interactor waits for the program's question, which sits in its buffer while the
    // program waits for the answer: neither can go on.
    let Some((result, took)) = beside_a_waiting_interactor(
        "wait-for-program",
        &["buffer", "Question?\\n", "ask", "echo"],
    ) else {
        return;
    };
    assert_eq!(
        result.judgement.verdict,
        Verdict::WaitedForEachOther { stopped: false }
    );
    assert_eq!(result.verdict().title(), "Prompt not shown");
    // Found by looking, well before the interactor's deadline of a second.
    assert!(
        took < test_support::stretched(Duration::from_millis(900)),
        "{took:?}"
    );
}

/// A query never flushed, and a program that then floods once its input has ended: the two
/// waiting for each other is the fault, not the flood that followed (a judge that waits them out
/// stops the program on the clock before it floods), and a problem package counts it a time-out.
fn a_program_that_floods_after_waiting_with_the_interactor_waited_with_it() {
    let Some((result, _)) = beside_a_waiting_interactor(
        "wait-for-program",
        &["buffer", "Question?\\n", "ask", "drain", "flood"],
    ) else {
        return;
    };
    assert_eq!(
        result.judgement.verdict,
        Verdict::WaitedForEachOther { stopped: false }
    );
}

fn an_interactor_waiting_in_poll_is_seen_waiting() {
    let Some((result, took)) = beside_a_waiting_interactor(
        "poll-for-program",
        &["buffer", "Question?\\n", "ask", "echo"],
    ) else {
        return;
    };
    assert_eq!(
        result.judgement.verdict,
        Verdict::WaitedForEachOther { stopped: false }
    );
    // Well before the interactor's own timeout of 5 s, or its deadline.
    assert!(
        took < test_support::stretched(Duration::from_millis(900)),
        "{took:?}"
    );
}

fn an_interactor_that_floods_a_program_is_stopped() {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return;
    }
    let flooding = CaseJudge::Interactor {
        judge: judge_doing(&["flood"], Duration::from_millis(100)),
        runs: 1,
        joined: false,
    };
    let case = case("hello-conversation.in", flooding);
    let started = Instant::now();
    let result = graded(&["ask", "echo"], &case);
    let Verdict::JudgeError(why) = &result.judgement.verdict else {
        panic!("{:?}", result.judgement.verdict);
    };
    assert!(why.contains("did not decide within"), "{why}");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
}

fn a_program_that_floods_an_interactor_that_stopped_reading_is_too_much_output() {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return;
    }
    let case = case("hello-conversation.in", interactor(&["send-and-accept"], 1));
    let result = graded(&["ask", "flood"], &case);
    assert!(
        matches!(result.judgement.verdict, Verdict::TooMuchOutput(_)),
        "{:?}",
        result.judgement.verdict
    );
}

fn an_interactor_case_is_played_until_a_run_fails() {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return;
    }
    let folder = tempfile::tempdir().expect("a folder");
    let count = folder.path().join("runs");
    let count_text = count.to_string_lossy().into_owned();
    let passing = case(
        "hello-conversation.in",
        interactor(&["count", &count_text, "0"], 3),
    );
    assert_eq!(graded(&[], &passing).judgement.verdict, Verdict::Passed);
    assert_eq!(
        std::fs::read_to_string(&count)
            .expect("counted")
            .lines()
            .count(),
        3
    );
    std::fs::remove_file(&count).expect("removed");
    let failing = case(
        "hello-conversation.in",
        interactor(&["count", &count_text, "2"], 5),
    );
    assert_eq!(
        graded(&[], &failing).judgement.verdict,
        Verdict::Rejected("run 2 was wrong".to_owned())
    );
    // No run is made after the first that fails.
    assert_eq!(
        std::fs::read_to_string(&count)
            .expect("counted")
            .lines()
            .count(),
        2
    );
}

/// `steps`, the fake program, graded on a case whose interactor rejects it at once ("wrong from
/// the start") and ends; `None` where interactors cannot run here. The rejection is the verdict.
fn rejected_at_once(steps: &[&str]) -> Option<CaseResult> {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return None;
    }
    let case = case(
        "hello-conversation.in",
        interactor(&["reject", "wrong from the start"], 1),
    );
    let result = graded(steps, &case);
    assert_eq!(
        result.judgement.verdict,
        Verdict::Rejected("wrong from the start".to_owned())
    );
    Some(result)
}

fn a_rejection_before_the_program_ended_comes_before_what_it_did_after() {
    // The program floods its output once its input has ended (a flood that began before the
    // interactor ended, as it may on a busy machine, would not come after the rejection).
    rejected_at_once(&["drain", "flood"]);
}

fn a_program_is_stopped_once_its_interactor_rejected_it_and_ended() {
    // The program spins on, using its CPU time: the case is decided, and the program is
    // stopped then, not at its time limit.
    if let Some(result) = rejected_at_once(&["drain", "spin"]) {
        assert!(
            matches!(result.run.outcome, Outcome::Signaled(9)),
            "{:?} after {:?} of CPU time",
            result.run.outcome,
            result.run.cpu_time
        );
    }
}

/// `steps`, the fake program, graded on the conversation case beside a validator doing
/// `validator`, joined by pipes, within `limits`; `None` where interactors cannot run here.
fn graded_joined(steps: &[&str], validator: &[&str], limits: Limits) -> Option<CaseResult> {
    if let Err(skip) = interactive() {
        eprintln!("skipped: {skip}");
        return None;
    }
    let case = case("hello-conversation.in", joined(validator));
    Some(graded_within(steps, &case, limits))
}

fn a_validator_joined_by_pipes_passes_a_right_program() {
    let Some(result) = graded_joined(&["ask", "echo"], &["echo-check"], limits()) else {
        return;
    };
    assert_eq!(result.judgement.verdict, Verdict::Passed);
    // The grader saw none of the conversation.
    assert!(result.run.joined && result.run.stdout.is_empty());
}

fn a_joined_programs_crash_comes_before_what_its_validator_then_decided() {
    // The program closes its output, and ends with status 3 a moment later, as a crash does;
    // the validator, reading to the end of its input, then rejects it. The end of its input
    // comes only once the program has ended and been seen to: the crash is the verdict.
    let crashing = ["close-output", "sleep", "100", "exit", "3"];
    let Some(result) = graded_joined(&crashing, &["wait-for-program"], limits()) else {
        return;
    };
    assert_eq!(result.judgement.verdict, Verdict::FailedStatus(3));
}

fn a_joined_program_writing_on_after_its_rejection_is_rejected_and_stopped() {
    // The validator rejects the program and ends; the program floods its output once its input
    // has ended: its pipe is not broken under it, and it is stopped.
    let started = Instant::now();
    let Some(result) = graded_joined(&["drain", "flood"], &["reject", "wrong"], limits()) else {
        return;
    };
    assert_eq!(
        result.judgement.verdict,
        Verdict::Rejected("wrong".to_owned())
    );
    assert!(
        matches!(result.run.outcome, Outcome::Signaled(9)),
        "{:?}",
        result.run.outcome
    );
    assert!(
        started.elapsed() < test_support::stretched(Duration::from_secs(2)),
        "{:?}",
        started.elapsed()
    );
    let told = feedback::report(
        &result,
        &case("hello-conversation.in", joined(&[])),
        Paint::default(),
    );
    assert!(told.contains("joined by pipes"), "{told}");
}

fn a_joined_program_and_validator_waiting_for_each_other_are_stopped() {
    // The program's question sits in its buffer while it waits for the answer, and the
    // validator waits for the question.
    let started = Instant::now();
    let Some(result) = graded_joined(
        &["buffer", "Question?\\n", "ask", "echo"],
        &["wait-for-program"],
        limits(),
    ) else {
        return;
    };
    assert_eq!(
        result.judgement.verdict,
        Verdict::WaitedForEachOther { stopped: true }
    );
    assert!(
        result
            .judgement
            .verdict
            .to_string()
            .contains("stopped the program"),
        "{}",
        result.judgement.verdict
    );
    // Found by looking, well before the program's time limit of 10 s.
    assert!(
        started.elapsed() < test_support::stretched(Duration::from_millis(900)),
        "{:?}",
        started.elapsed()
    );
}

fn a_joined_programs_wait_for_its_validator_is_not_its_own_time() {
    // The validator keeps a CPU busy for 300 ms before it sends its line; the program, limited
    // to 100 ms, waits for it all that time.
    let short = Limits {
        timeout: Duration::from_millis(100),
        ..limits()
    };
    let Some(result) = graded_joined(&["ask", "echo"], &["spin-then-echo-check", "300"], short)
    else {
        return;
    };
    assert_eq!(result.judgement.verdict, Verdict::Passed);
    // It waited for most of it, started a moment after the validator.
    assert!(
        result.run.duration >= Duration::from_millis(250),
        "{:?}",
        result.run.duration
    );
}

fn a_joined_validators_rejection_comes_before_the_end_of_the_programs_input() {
    // The validator rejects the program and ends, while the program waits for input and would
    // fail at the end of it. Its input ends only once the validator's end has been seen: the
    // rejection is the verdict, however soon the program would have failed.
    let validator = ["reject-after", "50", "wrong"];
    let Some(result) = graded_joined(&["ask", "echo"], &validator, limits()) else {
        return;
    };
    assert_eq!(
        result.judgement.verdict,
        Verdict::Rejected("wrong".to_owned())
    );
}

fn a_joined_validator_that_closes_its_output_ends_the_programs_input() {
    // The validator sends its line and closes its output, then reads the program's to its end;
    // the program answers, then reads its input to its end before it ends.
    let Some(result) = graded_joined(
        &["ask", "echo", "drain"],
        &["send-close-then-check"],
        limits(),
    ) else {
        return;
    };
    assert_eq!(result.judgement.verdict, Verdict::Passed);
}
