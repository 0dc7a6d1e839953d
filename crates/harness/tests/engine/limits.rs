//! What bounds a case: its CPU time (the processes it starts included, counted by its control
//! group or added up in `/proc`), the clock for a program that sleeps, and its output cap, each
//! a verdict of its own, its stack where it has a limit of its own, and nothing it started left
//! running once it is judged.

use std::fs;
use std::time::{Duration, Instant};

use harness::{Limits, Mode, TimeLimit, Verdict};
use test_support::Trial;

use crate::{fake, fixture, limits, run_in};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("limits":
        a_program_past_its_deadline_is_killed_and_timed_out,
        the_cpu_time_of_a_process_it_started_counts_in_its_control_group,
        the_cpu_time_of_a_process_it_started_counts_in_proc,
        a_program_that_sleeps_is_stopped_on_the_clock,
        a_flood_of_output_is_cut_at_the_cap,
        past_the_cap_a_packages_program_runs_on_to_its_end_or_its_time_limit,
        a_case_with_a_stack_limit_has_that_stack,
        nothing_a_case_started_is_left_running,
    )
}

fn a_program_past_its_deadline_is_killed_and_timed_out() {
    let timeout = Duration::from_millis(100);
    let tight = Limits {
        timeout,
        ..limits()
    };
    let case = fixture("greeting");
    let started = Instant::now();
    let run = run_in(&fake(&["spin"]), &case, Mode::best(), tight);
    let took = started.elapsed();
    assert!(took < timeout + Duration::from_secs(2), "{took:?}");
    let verdict = harness::judge(&case, &run, tight, &harness::PlainText).verdict;
    assert!(used_its_cpu_time(&verdict, timeout), "{verdict:?}");
}

/// Whether `verdict` is a run stopped for using its CPU time, `timeout`: or, on a machine too
/// busy to give it that much before the clock's bound, one stopped on the clock having used
/// more than half of it.
fn used_its_cpu_time(verdict: &Verdict, timeout: Duration) -> bool {
    match verdict {
        Verdict::TimedOut(TimeLimit::Cpu(limit)) => *limit == timeout,
        Verdict::TimedOut(TimeLimit::Wall { used, .. }) => *used > timeout / 2,
        _ => false,
    }
}

/// A program that starts a worker spinning in its process group and sleeps itself, under a CPU
/// time limit of 150 ms within `limits`: stopped for the CPU time its worker used (or, its own
/// time on the clock reaching the limit first, having used most of it).
fn worker_uses_the_cpu_time(limits: Limits) {
    let timeout = Duration::from_millis(150);
    let tight = Limits { timeout, ..limits };
    let case = fixture("greeting");
    let started = Instant::now();
    let run = run_in(
        &fake(&["spinner", "sleep", "60000"]),
        &case,
        Mode::best(),
        tight,
    );
    let verdict = harness::judge(&case, &run, tight, &harness::PlainText).verdict;
    assert!(
        used_its_cpu_time(&verdict, timeout),
        "{verdict:?} after {:?}",
        started.elapsed()
    );
}

fn the_cpu_time_of_a_process_it_started_counts_in_its_control_group() {
    // Where control groups cannot be made, this is the other trial.
    worker_uses_the_cpu_time(limits());
}

fn the_cpu_time_of_a_process_it_started_counts_in_proc() {
    // No memory or process limit: no control group, the processes are added up.
    worker_uses_the_cpu_time(Limits {
        memory: u64::MAX,
        processes: u32::MAX,
        ..limits()
    });
}

/// A program that sleeps is stopped once its own time on the clock reaches its limit, not at
/// [`Limits::wall`]: the time it waits for a CPU is read, and it waits for none.
fn a_program_that_sleeps_is_stopped_on_the_clock() {
    let timeout = Duration::from_millis(300);
    let tight = Limits {
        timeout,
        ..limits()
    };
    let case = fixture("greeting");
    let started = Instant::now();
    let run = run_in(&fake(&["sleep", "5000"]), &case, Mode::best(), tight);
    let took = started.elapsed();
    assert!(took >= timeout, "{took:?}");
    // At four times its limit before its own time was measured; a loaded machine only delays
    // the look that stops it, and the grader's own wait for a CPU is not the program's.
    assert!(took < test_support::stretched(tight.wall()), "{took:?}");
    let verdict = harness::judge(&case, &run, tight, &harness::PlainText).verdict;
    let Verdict::TimedOut(TimeLimit::Wall {
        limit,
        used,
        own,
        ceiling,
    }) = verdict
    else {
        panic!("{verdict:?}");
    };
    assert_eq!((limit, ceiling), (timeout, None));
    assert!(
        own.is_some_and(|own| own >= timeout && own <= took),
        "{own:?}"
    );
    assert!(used < timeout, "{used:?}");
    assert_eq!(
        verdict.to_string(),
        format!(
            "The program spent 0.3 s on the clock, not counting the time it waited for a CPU, \
             without using its CPU time (it used {:.1} s of the 0.3 s it may use), and was \
             stopped: it sleeps, or waits for something that does not come.",
            used.as_secs_f64()
        )
    );
}

fn a_flood_of_output_is_cut_at_the_cap() {
    let capped = Limits {
        max_stdout: 64 << 10,
        ..limits()
    };
    let case = fixture("quick-exit");
    let run = run_in(&fake(&["flood"]), &case, Mode::best(), capped);
    assert!(
        run.stdout.len() <= capped.max_stdout,
        "{}",
        run.stdout.len()
    );
    let verdict = harness::judge(&case, &run, capped, &harness::PlainText).verdict;
    assert_eq!(verdict, Verdict::TooMuchOutput(capped.max_stdout));
}

/// A problem package's judges cut the output at the cap and let the program run on: a flood
/// that never ends is a time-out (BAPCtools' `test-fill-stdout.cc`, in `time_limit_exceeded/`),
/// and one that ends in time is too much output.
fn past_the_cap_a_packages_program_runs_on_to_its_end_or_its_time_limit() {
    let timeout = Duration::from_millis(300);
    let capped = Limits {
        max_stdout: 64 << 10,
        run_past_stdout: true,
        timeout,
        ..limits()
    };
    let case = fixture("quick-exit");
    let run = run_in(&fake(&["flood"]), &case, Mode::best(), capped);
    assert!(
        run.stdout.len() <= capped.max_stdout,
        "{}",
        run.stdout.len()
    );
    let verdict = harness::judge(&case, &run, capped, &harness::PlainText).verdict;
    assert!(matches!(verdict, Verdict::TimedOut(_)), "{verdict:?}");
    let ends = harness::Program::command(vec![
        "sh".into(),
        "-c".into(),
        "head -c 200000 /dev/zero".into(),
    ]);
    let run = run_in(&ends, &case, Mode::WholeInput, capped);
    let verdict = harness::judge(&case, &run, capped, &harness::PlainText).verdict;
    assert_eq!(verdict, Verdict::TooMuchOutput(capped.max_stdout));
}

fn a_case_with_a_stack_limit_has_that_stack() {
    let ulimit = harness::Program::command(vec!["sh".into(), "-c".into(), "ulimit -s".into()]);
    let case = fixture("quick-exit");
    let stack = Limits {
        stack: Some(96 << 20),
        ..limits()
    };
    let run = run_in(&ulimit, &case, Mode::WholeInput, stack);
    // In KiB; within the grader's own hard limit, which is unlimited where these tests run.
    let said = String::from_utf8_lossy(&run.stdout).trim().to_owned();
    let mut hard = String::new();
    if let Ok(done) = std::process::Command::new("sh")
        .args(["-c", "ulimit -H -s"])
        .output()
    {
        hard = String::from_utf8_lossy(&done.stdout).trim().to_owned();
    }
    if hard == "unlimited" {
        assert_eq!(said, "98304");
    } else {
        assert!(said == "98304" || said == hard, "{said} (hard {hard})");
    }
}

fn nothing_a_case_started_is_left_running() {
    let case = fixture("quick-exit");
    let run = run_in(&fake(&["orphan"]), &case, Mode::best(), limits());
    let pid: u32 = String::from_utf8_lossy(&run.stdout)
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("a pid: {:?}", run.stdout));
    // Killed by the time the run is over: SIGKILL is sent, though the process may take a moment
    // to die, and the test's own process is not its parent to reap it.
    let state = || {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .to_owned();
        (stat, state)
    };
    let started = Instant::now();
    let (mut stat, mut now) = state();
    while !(stat.is_empty() || now.starts_with(['Z', 'X']))
        && started.elapsed() < Duration::from_secs(2)
    {
        std::thread::sleep(Duration::from_millis(5));
        (stat, now) = state();
    }
    assert!(
        stat.is_empty() || now.starts_with(['Z', 'X']),
        "process {pid} outlived its case: {stat}"
    );
}
