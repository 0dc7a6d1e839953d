//! What bounds a case: its deadline and its output cap, each a verdict of its own, and nothing
//! it started left running once it is judged.

use std::fs;
use std::time::{Duration, Instant};

use harness::{Limits, Mode, Verdict};
use test_support::Trial;

use crate::{fake, fixture, limits, run_in};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("limits":
        a_program_past_its_deadline_is_killed_and_timed_out,
        a_flood_of_output_is_cut_at_the_cap,
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
    assert_eq!(verdict, Verdict::TimedOut(timeout));
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
